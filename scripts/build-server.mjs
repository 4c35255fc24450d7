// Bundles the server (our code only; packages stay external) into dist/server/index.js, and the
// app's renderer of a guest's first page (client/src/render-first-route.tsx) beside it.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});

// Chunk names carry hashes: an earlier build's would pile up.
fs.rmSync('dist/server/render', { recursive: true, force: true });
await build({
  entryPoints: ['client/src/render-first-route.tsx'],
  // Split at the app's lazy imports, as in the browser: only the pages rendered here load (the
  // map's library, for one, needs a window).
  outdir: 'dist/server/render',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  // Styles are the browser's (the built CSS); the server renders markup only.
  loader: { '.css': 'empty' },
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
