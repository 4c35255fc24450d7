import pg from 'pg';
import { createDatabase } from '../server/db/client';
import { seedReferenceData } from '../server/db/reference-data';
import { seedStoreCatalogue } from '../server/db/store-catalogue';
import { type ProgressEvent } from './progress';
import { type BenchScale, type BenchScaleName } from './scales';
import { type SeedOptions, seedBenchData } from './seed';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/bench';
const DEFAULT_DATABASE_NAME = 'bench';

/**
 * Milliseconds per phase, in the order they ran: 'create database', 'migrate', 'reference data',
 * then 'seed: <step>' for each step of the seed, 'seed' and 'total'.
 */
export type BenchDatabaseTimings = Record<string, number>;

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The seeded database's URL and the server's maintenance database's, from the given URL. */
export function benchDatabaseUrls(url: string): {
  database: string;
  target: string;
  admin: string;
} {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.replace(/^\//, '')) || DEFAULT_DATABASE_NAME;
  target.pathname = `/${encodeURIComponent(database)}`;
  const admin = new URL(target);
  admin.pathname = '/postgres';
  return { database, target: target.toString(), admin: admin.toString() };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh benchmark database: dropped and created again on the server of `url` (its database
 * name, `bench` when the URL has none), migrated with the app's own migrations, given the
 * reference data and the store catalogue the way the app loads them at start
 * (server/db/setup.ts), then seeded. Answers the timings.
 */
export async function prepareBenchDatabase({
  url = DEFAULT_BENCH_DATABASE_URL,
  scale,
  onProgress,
  seedOptions,
}: {
  url?: string;
  scale: BenchScaleName | BenchScale;
  onProgress?: (event: ProgressEvent) => void;
  seedOptions?: SeedOptions;
}): Promise<BenchDatabaseTimings> {
  const { database, target, admin } = benchDatabaseUrls(url);
  const started = performance.now();
  let mark = started;
  const lap = () => {
    const now = performance.now();
    const elapsed = Math.round(now - mark);
    mark = now;
    return elapsed;
  };
  const phase = (step: string) => onProgress?.({ step, completed: 0, total: 1 });

  phase('create database');
  await withClient(admin, async (client) => {
    await client.query(`drop database if exists ${quoteIdentifier(database)} with (force)`);
    await client.query(`create database ${quoteIdentifier(database)}`);
  });
  const createDatabaseMs = lap();

  phase('migrate');
  const handle = await createDatabase({ databaseUrl: target, poolSize: 2 });
  let migrateMs: number;
  let referenceDataMs: number;
  try {
    await handle.migrate();
    migrateMs = lap();
    phase('reference data');
    await seedReferenceData(handle.db);
    await seedStoreCatalogue(handle.db);
    referenceDataMs = lap();
  } finally {
    await handle.close();
  }

  // A connection of its own for the seed, closed after it: the app pool's statement timeout does
  // not apply to the big INSERT … SELECTs, and session settings cannot leak into other work.
  const seedSteps = await withClient(target, async (client) => {
    // One big transaction per statement: no need to wait for each commit to reach the disk, and
    // room for the sorts of the notifications and the leads in memory.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '64MB'`);
    return seedBenchData((statement) => client.query(statement), scale, onProgress, seedOptions);
  });
  const seedMs = lap();

  return {
    'create database': createDatabaseMs,
    migrate: migrateMs,
    'reference data': referenceDataMs,
    ...Object.fromEntries(seedSteps.map((step) => [`seed: ${step.step}`, step.ms])),
    seed: seedMs,
    total: Math.round(performance.now() - started),
  };
}
