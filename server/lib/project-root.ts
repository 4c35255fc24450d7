import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding package.json, found from this file upwards: the same answer from the sources
 * (`server/…`) and from the bundle (`dist/server/index.js`).
 */
export function findProjectRoot(start: string = import.meta.dirname): string {
  let directory = start;
  while (!fs.existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`No package.json above ${start}`);
    directory = parent;
  }
  return directory;
}
