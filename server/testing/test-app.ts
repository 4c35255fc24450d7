import fs from 'node:fs';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import request from 'supertest';
import { expect } from 'vitest';
import { createApp, type App } from '../app';
import { loadConfig, type Config, type RateLimitConfig } from '../config';
import {
  createDatabase,
  directDatabaseUrl,
  MIGRATIONS_FOLDER,
  type DatabaseHandle,
  type QueryObserver,
} from '../db/client';
import { seedReferenceData } from '../db/reference-data';
import { seedStoreCatalogue } from '../db/store-catalogue';
import { APP_JOB_QUEUES, appJobs } from '../jobs/app-jobs';
import { type JobQueue, prepareJobQueues, startJobQueue } from '../jobs/job-queue';
import { createLogger, type Logger } from '../lib/logger';
import { createMailer, type Mailer } from '../mail/mailer';
import { findProjectRoot } from '../lib/project-root';
import { createOpenApiValidator, type OpenApiDocument, watchAnswer } from './openapi-validator';

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
  /** The app's job queue (no schedules: sweeps run when a test calls them). */
  jobs: JobQueue;
  /** Mail goes to the catcher on localhost, into `config.dataDir`/mail (see `testing/mail.ts`). */
  mailer: Mailer;
  /** A supertest agent that keeps cookies, like one browser. */
  agent: () => ReturnType<typeof request.agent>;
  /**
   * The answers so far that /api/openapi.json does not describe (a status its operation does not
   * list, a body its schema refuses), each with the test that asked; `close` fails on any.
   */
  undocumentedAnswers: string[];
  close: () => Promise<void>;
};

type AppEntry = (request: IncomingMessage, response: ServerResponse, next?: unknown) => unknown;

/**
 * Checks every /api answer the app gives from now on against the OpenAPI document it serves,
 * and collects what the document does not describe. The check wraps the app's own entry, so
 * every request is seen, whether a test sent it with `request(app)` or an agent.
 */
async function checkAnswersAgainstDocument(app: App): Promise<string[]> {
  const served = await request(app).get('/api/openapi.json').expect(200);
  const validator = createOpenApiValidator(served.body as OpenApiDocument);
  const problems: string[] = [];
  // An Express app is a function that passes each request to its own `handle`: replacing that
  // sees every request, before any middleware.
  const entry = app as unknown as { handle: AppEntry };
  const handle = entry.handle.bind(app);
  entry.handle = (incoming, outgoing, next) => {
    if (incoming.url?.startsWith('/api/')) {
      const asker = expect.getState().currentTestName ?? 'before or after the tests';
      watchAnswer(incoming, outgoing, (answer) => {
        for (const problem of validator.check(answer)) problems.push(`${asker}: ${problem}`);
      });
    }
    return handle(incoming, outgoing, next);
  };
  return problems;
}

/**
 * What a migrated test database depends on: the migrations, the job queues, and the PGlite
 * release (an embedded data directory is only as portable as the release that wrote it).
 */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(
    fs.readFileSync(
      path.join(findProjectRoot(), 'node_modules', '@electric-sql', 'pglite', 'package.json'),
    ),
  );
  hash.update(JSON.stringify(APP_JOB_QUEUES));
  for (const name of fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true }).sort()) {
    const file = path.join(MIGRATIONS_FOLDER, String(name));
    if (fs.statSync(file).isFile()) hash.update(String(name)).update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded database with every migration applied, as a data-directory tarball: a test file's
 * database starts from it instead of running Postgres's initdb and the migrations (seconds per
 * file). Made once per fingerprint and kept in the temp folder, so the test workers share it;
 * written under a temporary name and renamed, so no worker reads half a file.
 */
async function migratedEmbeddedSnapshot(): Promise<Blob> {
  snapshotBytes ??= readOrMakeEmbeddedSnapshot();
  const bytes = await snapshotBytes;
  // PGlite reads the tarball with `arrayBuffer()` (and its `type`, for compression) and copies
  // each file out of it. A real Blob of 44 MB takes about a second to answer that, every time, on
  // CI's machine; the worker's test files share one ArrayBuffer instead.
  return { type: 'application/x-tar', arrayBuffer: async () => bytes } as unknown as Blob;
}

/** The snapshot's bytes, read once per test worker (the files of a worker share its modules). */
let snapshotBytes: Promise<ArrayBuffer> | undefined;

async function readOrMakeEmbeddedSnapshot(): Promise<ArrayBuffer> {
  const cached = path.join(os.tmpdir(), `markit-migrated-${migrationsFingerprint()}.tar`);
  if (fs.existsSync(cached)) return new Uint8Array(fs.readFileSync(cached)).buffer;

  const database = await createDatabase({});
  await database.migrate();
  // The job queues are tables of their own: made once here, not by every test file.
  await prepareJobQueues(database, Object.values(APP_JOB_QUEUES));
  const snapshot = await database.snapshot!();
  await database.close();
  const partial = `${cached}.${process.pid}-${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await snapshot.arrayBuffer()));
  fs.renameSync(partial, cached);
  return snapshot.arrayBuffer();
}

const TEMPLATE_LOCK = 'markit_test_template';
/** "source database is being accessed by other users": a closed pool's backends may linger. */
const OBJECT_IN_USE = '55006';

function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The same for a Postgres server: a migrated database (job queues made) that each test file's
 * database is copied from (`create database … template …`, a file copy) instead of running every
 * migration. Built once per fingerprint under an advisory lock, so parallel workers and runs wait
 * for one builder; it is built under a temporary name and renamed, and older templates go.
 */
async function migratedPostgresTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const name = `markit_template_${migrationsFingerprint()}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
  try {
    const existing = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`drop database if exists ${building} with (force)`);
    await admin.query(`create database ${building}`);
    const database = await createDatabase({
      databaseUrl: databaseUrlOf(serverUrl, building),
      poolSize: 1,
    });
    await database.migrate();
    await prepareJobQueues(database, Object.values(APP_JOB_QUEUES));
    await database.close();
    // Renaming needs the builder's connection gone; `with (force)` is only for DROP, so wait.
    await retryWhileInUse(() => admin.query(`alter database ${building} rename to ${name}`));
    const older = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'markit\\_template\\_%' and datname <> $1",
      [name],
    );
    for (const row of older.rows) await admin.query(`drop database if exists ${row.datname}`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
  }
}

async function retryWhileInUse<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A fresh database per test file: an in-memory PGlite by default, or a new database on the
 * Postgres server of TEST_DATABASE_URL (CI), dropped again at the end; both start migrated.
 */
export async function createTestContext(
  options: {
    rateLimits?: Partial<RateLimitConfig>;
    /** Express `trust proxy` (TRUST_PROXY); unset trusts no proxy, as by default. */
    trustProxy?: Config['trustProxy'];
    /** How long a proof of who you are lasts (STEP_UP_MAX_AGE_SECONDS); unset, the default. */
    stepUpMaxAgeSeconds?: number;
    withStores?: boolean;
    /** Sees every statement the services send (the query-plan test). */
    onQuery?: QueryObserver;
    /** Where the app logs; silent unless a test reads the lines. */
    logger?: Logger;
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
    ...(options.stepUpMaxAgeSeconds !== undefined && {
      stepUpMaxAgeSeconds: options.stepUpMaxAgeSeconds,
    }),
    rateLimits: {
      ...base.rateLimits,
      registerPerHour: 10_000,
      guestGiftsPerHour: 10_000,
      cardTokensPerHour: 10_000,
      sharesPerHour: 10_000,
      searchesPerMinute: 10_000,
      uploadsPerHour: 10_000,
      messagesPerMinute: 10_000,
      claimsPerAddressPerDay: 10_000,
      // Some sign in a hundred accounts at once from one address, and a sign-in holds a slot of
      // the address's allowance while its password is checked.
      loginPerAddress: 10_000,
      ...options.rateLimits,
    },
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (serverUrl) {
    const name = `markit_test_${randomBytes(6).toString('hex')}`;
    // Databases are made, copied and dropped on a direct connection when the app's goes through
    // a pooler (DATABASE_DIRECT_URL): the template's lock is the session's, and a copy or a
    // rename waits for every connection to its source to close, which a pooler keeps open.
    const adminUrl = directDatabaseUrl(serverUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const template = await migratedPostgresTemplate(admin, adminUrl);
      // Copies from one template may run side by side; a copy waits only for the builder's exit.
      await retryWhileInUse(() => admin.query(`create database ${name} template ${template}`));
    } finally {
      await admin.end();
    }
    databaseUrl = databaseUrlOf(serverUrl, name);
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }

  const database = await createDatabase({
    databaseUrl,
    embeddedSnapshot: databaseUrl ? undefined : await migratedEmbeddedSnapshot(),
    poolSize: 5,
    onQuery: options.onQuery,
  });
  await database.migrate();
  await seedReferenceData(database.db);
  // The full store catalogue only where a test needs it: it takes seconds per database.
  if (options.withStores) await seedStoreCatalogue(database.db);

  const clientDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-client-'));
  fs.writeFileSync(
    path.join(clientDirectory, 'index.html'),
    '<!doctype html><title>mark.it</title><div id="root"></div>',
  );

  const logger = options.logger ?? createLogger('silent');
  const mailer = await createMailer(config.mail, config.dataDir, logger);
  const jobs = await startJobQueue({
    database,
    logger,
    definitions: appJobs({ db: database.db, config, mailer, logger }),
    schedule: false,
  });
  const sessionSecret = randomBytes(32).toString('hex');
  const app = createApp({
    config: { ...config, databaseUrl },
    database,
    logger,
    sessionSecret,
    client: { kind: 'static', directory: clientDirectory },
    jobs,
  });
  const undocumentedAnswers = await checkAnswersAgainstDocument(app);

  return {
    app,
    database,
    databaseUrl,
    sessionSecret,
    clientDirectory,
    config,
    jobs,
    mailer,
    agent: () => request.agent(app),
    undocumentedAnswers,
    close: async () => {
      await app.locals.notificationHub.close();
      await app.locals.sessionStore.close?.();
      await jobs.stop();
      await mailer.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
      await dropDatabase();
      fs.rmSync(clientDirectory, { recursive: true, force: true });
      if (undocumentedAnswers.length > 0) {
        throw new Error(
          `The server gave ${undocumentedAnswers.length} answer(s) /api/openapi.json does not ` +
            `describe: list each in its contract (\`errors\`, \`answer\`):\n- ` +
            [...new Set(undocumentedAnswers)].join('\n- '),
        );
      }
    },
  };
}
