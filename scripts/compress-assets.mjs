// Writes a gzip and a Brotli copy beside each built script and stylesheet (dist/public/assets), so
// the server sends them compressed to browsers that accept it without compressing per request
// (server/lib/precompressed.ts). Run by `npm run build` after vite build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '../dist/public/assets');
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const gzip = zlib.gzipSync(content, { level: 9 });
  const brotli = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  fs.writeFileSync(`${file}.gz`, gzip);
  fs.writeFileSync(`${file}.br`, brotli);
  files += 1;
  before += content.length;
  after += brotli.length;
}
process.stdout.write(
  `Precompressed ${files} assets: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB with Brotli\n`,
);
