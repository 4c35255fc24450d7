// `tsx bench/render-report.ts <date>`: re-renders <date>-full.md with the growth from <date>-small.json
// (a full run renders growth only against a small run made before it).
import fs from 'node:fs';
import path from 'node:path';
import { formatReport, type BenchReport } from './report';

const date = process.argv[2];
if (!date) throw new Error('usage: tsx bench/render-report.ts <yyyy-mm-dd>');
const directory = path.join(import.meta.dirname, 'results');
const read = (scale: string) =>
  JSON.parse(fs.readFileSync(path.join(directory, `${date}-${scale}.json`), 'utf8')) as BenchReport;
const markdown = formatReport(read('full'), read('small'));
fs.writeFileSync(path.join(directory, `${date}-full.md`), markdown);
process.stdout.write(markdown);
