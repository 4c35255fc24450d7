// The client budget: the initial JavaScript of the pages a guest lands on stays small.
// Run after `npm run build`; reads Vite's manifest and exits 1 when a route is over its budget.
//
// A route's initial JavaScript is the entry chunk and everything it imports statically, plus the
// route's lazy page chunk and everything it imports statically (recursively), each file once,
// summed as gzip. Sizes are in kB of 1,000 bytes, like Vite's own build report.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const rootDir = path.resolve(import.meta.dirname, '..');
const outDir = path.join(rootDir, 'dist/public');
const manifestPath = path.join(outDir, '.vite/manifest.json');
// Vite's root is client/ (vite.config.ts), so the manifest names sources relative to it.
const viteRoot = path.join(rootDir, 'client');

/** The budgeted routes: the pages a visitor who is not signed in opens first. */
const routes = [
  {
    name: '/u/:username (public profile, the guest path)',
    page: 'client/src/features/profile/pages/profile-page.tsx',
    budgetKb: 150,
  },
  {
    name: '/auth (sign in and register)',
    page: 'client/src/features/auth/pages/auth-page.tsx',
    budgetKb: 150,
  },
];

function fail(message) {
  console.error(`check-bundle-budget: ${message}`);
  process.exit(1);
}

if (!fs.existsSync(manifestPath)) {
  fail(`${path.relative(rootDir, manifestPath)} is missing; run \`npm run build\` first.`);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
if (entryKeys.length !== 1) {
  fail(`expected one entry chunk in the manifest, found ${entryKeys.length}.`);
}

/** The chunk and every chunk it imports statically, recursively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) fail(`the manifest names ${key} as an import but has no entry for it.`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const gzipSizes = new Map();
function gzipBytes(file) {
  if (!gzipSizes.has(file)) {
    gzipSizes.set(file, gzipSync(fs.readFileSync(path.join(outDir, file))).length);
  }
  return gzipSizes.get(file);
}

/**
 * Code that only later pages need: its own strings mark it wherever the bundler puts it, so a
 * static import that pulls it into a budgeted route fails here even when the route stays within
 * its size.
 */
const lazyOnly = [
  { name: 'Leaflet (maps)', marker: /leaflet-container/ },
  { name: 'recharts (charts)', marker: /recharts-wrapper/ },
  { name: 'the us-atlas basemap', marker: /"?type"?:\s*["'`]Topology["'`]/ },
];

const kb = (bytes) => (bytes / 1000).toFixed(1);
let over = false;

for (const route of routes) {
  const pageKey = path.relative(viteRoot, path.join(rootDir, route.page)).split(path.sep).join('/');
  if (!manifest[pageKey]) {
    fail(`${route.page} is not a chunk in the manifest (is it still lazy-loaded by app.tsx?).`);
  }
  const keys = staticClosure(entryKeys[0]);
  staticClosure(pageKey, keys);

  const files = [...new Set([...keys].map((key) => manifest[key].file))]
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, bytes: gzipBytes(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
  const budget = route.budgetKb * 1000;
  const withinBudget = total <= budget;
  if (!withinBudget) over = true;

  const width = Math.max(...files.map(({ file }) => file.length), 'total'.length);
  console.log(`\n${route.name}\n  page: ${route.page}`);
  for (const { file, bytes } of files) {
    console.log(`  ${file.padEnd(width)}  ${kb(bytes).padStart(7)} kB`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${kb(total).padStart(7)} kB gzip`);
  console.log(
    `  ${'budget'.padEnd(width)}  ${kb(budget).padStart(7)} kB gzip  ${withinBudget ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const { file } of files) {
    const code = fs.readFileSync(path.join(outDir, file), 'utf8');
    for (const { name, marker } of lazyOnly) {
      if (marker.test(code)) {
        console.error(`  ${name} is in ${file}: it must load only on the pages that show it.`);
        over = true;
      }
    }
  }
}

// Each marker must still find its library somewhere in the build, or the check above proves
// nothing (a library that renamed its class would pass every route).
const allFiles = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
  file.endsWith('.js'),
);
for (const { name, marker } of lazyOnly) {
  if (!allFiles.some((file) => marker.test(fs.readFileSync(path.join(outDir, file), 'utf8')))) {
    console.error(`\nNo chunk holds ${name} by its marker ${marker}: update the marker.`);
    over = true;
  }
}

// drizzle must not reach the client: the tables live in shared/tables/, which client code may not
// import (eslint.config.js), and the contracts in shared/schema/ import nothing from drizzle-orm.
// This catches a way round the lint rule (a contract file that imports a table, say). drizzle's
// classes name themselves by kind.
const drizzleMarker = /\bPg(Table|Column|ColumnBuilder|IndexBuilder)\b/;
const chunksWithDrizzle = Object.values(manifest)
  .map((chunk) => chunk.file)
  .filter((file, index, all) => file.endsWith('.js') && all.indexOf(file) === index)
  .filter((file) => drizzleMarker.test(fs.readFileSync(path.join(outDir, file), 'utf8')));
if (chunksWithDrizzle.length > 0) {
  console.error(
    `\ndrizzle-orm is in client chunks: ${chunksWithDrizzle.join(', ')}. Something the client` +
      ' imports reaches drizzle-orm or shared/tables/ (a file in shared/schema/ must not import them).',
  );
  over = true;
}

if (over) fail('the client is over its budget.');
console.log(
  '\nEvery route is within its JavaScript budget and holds no map or chart code; no drizzle code is in the client.',
);
