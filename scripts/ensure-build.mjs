// `npm start` runs this first: it builds only when the build is missing or older than a source file,
// so that a built checkout starts in seconds and a fresh or edited one is built before it starts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = [
  'dist/server/index.js',
  'dist/server/render/render-first-route.js',
  'dist/public/index.html',
].map((file) => path.join(root, file));
const sources = [
  'client',
  'server',
  'shared',
  'migrations',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
];

function newestModification(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestModification(path.join(entry, name)));
  }
  return newest;
}

const builtAt = Math.min(
  ...outputs.map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0),
);
const changedAt = Math.max(...sources.map((entry) => newestModification(path.join(root, entry))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(builtAt === 0 ? 'No build yet: building…' : 'Sources changed: building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
