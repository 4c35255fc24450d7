import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { createApp, type App } from '../app';
import { loadConfig, type Config, type RateLimitConfig } from '../config';
import { createDatabase, type DatabaseHandle, type QueryObserver } from '../db/client';
import { seedReferenceData } from '../db/reference-data';
import { seedStoreCatalogue } from '../db/store-catalogue';
import { createLogger } from '../lib/logger';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** The test database's URL on Postgres (undefined on the embedded database). */
  databaseUrl: string | undefined;
  /** The session secret, for a second app instance on the same database. */
  sessionSecret: string;
  /** Where the built client is served from (an empty folder). */
  clientDirectory: string;
  /** A supertest agent that keeps cookies, like one browser. */
  agent: () => ReturnType<typeof request.agent>;
  close: () => Promise<void>;
};

/**
 * A fresh database per test file: an in-memory PGlite by default, or a new database on the
 * Postgres server of TEST_DATABASE_URL (CI), dropped again at the end.
 */
export async function createTestContext(
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    /** Express `trust proxy` (TRUST_PROXY); unset trusts no proxy, as by default. */
    trustProxy?: Config['trustProxy'];
    withStores?: boolean;
    /** Sees every statement the services send (the query-plan test). */
    onQuery?: QueryObserver;
  } = {},
): Promise<TestContext> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO: '0' });
  // Test files register many accounts from one address; the rate-limit tests set their own limits.
  const config: Config = {
    ...base,
    // Uploads go to a folder of this test's own, removed at the end.
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'markit-test-')),
    // Hashing at the production cost would take most of the suite's time; the hashes carry their
    // parameters, so sign-in works the same.
    passwordHashCost: 10,
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    rateLimits: {
      ...base.rateLimits,
      registerPerHour: 10_000,
      guestGiftsPerHour: 10_000,
      sharesPerHour: 10_000,
      searchesPerMinute: 10_000,
      uploadsPerHour: 10_000,
      ...options.rateLimits,
    },
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `markit_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }

  const database = await createDatabase({ databaseUrl, poolSize: 5, onQuery: options.onQuery });
  await database.migrate();
  await seedReferenceData(database.db);
  // The full store catalogue only where a test needs it: it takes seconds per database.
  if (options.withStores) await seedStoreCatalogue(database.db);

  const clientDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-client-'));
  fs.writeFileSync(
    path.join(clientDirectory, 'index.html'),
    '<!doctype html><title>mark.it</title><div id="root"></div>',
  );

  const sessionSecret = randomBytes(32).toString('hex');
  const app = createApp({
    config: { ...config, databaseUrl },
    database,
    logger: createLogger('silent'),
    sessionSecret,
    client: { kind: 'static', directory: clientDirectory },
  });

  return {
    app,
    database,
    databaseUrl,
    sessionSecret,
    clientDirectory,
    config,
    agent: () => request.agent(app),
    close: async () => {
      await app.locals.notificationHub.close();
      await app.locals.sessionStore.close?.();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      await dropDatabase();
      fs.rmSync(clientDirectory, { recursive: true, force: true });
    },
  };
}
