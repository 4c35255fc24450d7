import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '@shared/tables/index';
import { findProjectRoot } from '../lib/project-root';
import { sendStatementsUnnamed } from './prepared';

/** The one database type every service uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; inside it, use only this handle (PGlite has one connection). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

/** connect-pg-simple's options for reaching the session table on either driver. */
export type SessionStoreConnection =
  | { pool: pg.Pool }
  | { pgPromise: { any: (query: string, params?: unknown[]) => Promise<unknown[]> } };

export type DatabaseHandle = {
  kind: 'embedded' | 'postgres';
  db: Database;
  sessionStoreConnection: SessionStoreConnection;
  migrate: () => Promise<void>;
  /** A cheap round trip, for the health check. */
  ping: () => Promise<void>;
  /** One parameterised statement outside drizzle (query plans, bulk seeding); answers the rows. */
  query: <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;
  /**
   * One statement with parameters, or a script of several without (the job queue sends its upkeep
   * as one script, BEGIN … COMMIT included); answers the last statement's rows.
   */
  executeSql: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (committed transactions only),
   * from any app instance on this database. Answers the function that stops listening.
   */
  listen: (
    channel: string,
    handler: (payload: string) => void,
    options?: ListenOptions,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** The embedded database's data directory as a tarball, to start another one from (tests). */
  snapshot?: () => Promise<Blob>;
};

// Found from the project root, so the sources and the bundle read the same folder.
export const MIGRATIONS_FOLDER = path.join(findProjectRoot(), 'migrations');

// A fixed key so that several instances starting at once apply the migrations one at a time.
const MIGRATION_LOCK_KEY = 7_301_455;

export type DatabaseOptions = {
  /** A Postgres URL; without it, the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Where the embedded database keeps its files; without it, it lives in memory (tests). */
  embeddedDirectory?: string | undefined;
  /**
   * An in-memory embedded database starts from this data directory (a `snapshot()`) instead of an
   * empty one: it skips Postgres's initdb, which takes seconds.
   */
  embeddedSnapshot?: Blob | undefined;
  poolSize?: number;
  /** Sees every statement drizzle sends, with its parameters (the query-plan test collects them). */
  onQuery?: QueryObserver | undefined;
  /**
   * `transaction` (default DATABASE_POOLER): `databaseUrl` is a pooler in transaction mode
   * (PgBouncer), which gives each
   * transaction whichever server connection is free, so nothing may outlive one: statements run
   * unnamed (a named statement would be missing on the next server connection).
   */
  pooler?: 'transaction' | undefined;
  /**
   * The same database reached without the pooler, for what needs one session throughout: the
   * migrations (a session advisory lock) and LISTEN. Default `directDatabaseUrl(databaseUrl)`.
   */
  directUrl?: string | undefined;
};

export type ListenOptions = {
  /**
   * Told when notifications may have been missed (the listening connection dropped: `false`) and
   * when they flow again (`true`, after reconnecting). The embedded database never drops.
   */
  onConnectionChange?: (connected: boolean) => void;
};

export type QueryObserver = (text: string, params: unknown[]) => void;

const observe = (onQuery: QueryObserver | undefined) =>
  onQuery
    ? { logger: { logQuery: (text: string, params: unknown[]) => onQuery(text, params) } }
    : {};

/**
 * DATABASE_POOLER=transaction: the Postgres URLs this process opens lead to a pooler in
 * transaction mode (PgBouncer), unless a caller says otherwise.
 */
function poolerFromEnvironment(environment = process.env): 'transaction' | undefined {
  const value = environment.DATABASE_POOLER;
  if (value === undefined || value === '') return undefined;
  if (value !== 'transaction') {
    throw new Error(
      `Invalid configuration: DATABASE_POOLER is 'transaction' or unset, not '${value}'`,
    );
  }
  return 'transaction';
}

/**
 * The database of `url` reached without the pooler: DATABASE_DIRECT_URL names the server and the
 * user, `url` the database, so every database of that server (each test's own too) has its direct
 * twin. Without DATABASE_DIRECT_URL, `url` itself.
 */
export function directDatabaseUrl(url: string, environment = process.env): string {
  const direct = environment.DATABASE_DIRECT_URL;
  if (!direct) return url;
  const target = new URL(direct);
  target.pathname = new URL(url).pathname;
  return target.toString();
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const pooler = options.pooler ?? poolerFromEnvironment();
  if (options.databaseUrl && pooler === 'transaction') sendStatementsUnnamed();
  return options.databaseUrl
    ? createPostgresDatabase(
        options.databaseUrl,
        options.directUrl ?? directDatabaseUrl(options.databaseUrl),
        options.poolSize ?? 10,
        options.onQuery,
      )
    : createEmbeddedDatabase(options.embeddedDirectory, options.embeddedSnapshot, options.onQuery);
}

async function createEmbeddedDatabase(
  directory: string | undefined,
  snapshot: Blob | undefined,
  onQuery: QueryObserver | undefined,
): Promise<DatabaseHandle> {
  if (directory) fs.mkdirSync(path.dirname(path.resolve(directory)), { recursive: true });
  const client = directory
    ? new PGlite(path.resolve(directory))
    : new PGlite(snapshot ? { loadDataDir: snapshot } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema, ...observe(onQuery) }) as unknown as Database;
  return {
    kind: 'embedded',
    db,
    sessionStoreConnection: {
      pgPromise: {
        any: async (query, params) => (await client.query(query, params)).rows,
      },
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    ping: async () => {
      await client.query('select 1');
    },
    query: async <Row>(text: string, params?: unknown[]) =>
      (await client.query<Row>(text, params)).rows,
    executeSql: async (text, params) => {
      if (params && params.length > 0) return await client.query(text, params);
      // A script: the extended protocol takes one statement, exec takes several.
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    listen: async (channel, handler) => {
      // The embedded database runs in this process: its NOTIFY reaches only this instance.
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    snapshot: () => client.dumpDataDir('none'),
  };
}

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it is
 * answered 503: a database that is down answers at once, one that hangs is given up on.
 */
const CONNECTION_TIMEOUT_MS = 5_000;

async function createPostgresDatabase(
  url: string,
  directUrl: string,
  poolSize: number,
  onQuery: QueryObserver | undefined,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // A client in use emits 'error' too when its connection drops (Postgres restarting between
    // two statements of a transaction), and the pool listens only to idle ones: with no listener
    // Node would end the process. The statement fails on its own (the request answers 503) and
    // the pool drops the broken client when it is released.
    client.on('error', () => undefined);
  });
  const db = drizzlePostgres(pool, { schema, ...observe(onQuery) }) as unknown as Database;
  return {
    kind: 'postgres',
    db,
    sessionStoreConnection: { pool },
    migrate: async () => {
      // The lock is the session's: taken, held and released on one direct connection.
      const connection = new pg.Client({
        connectionString: directUrl,
        connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
      });
      connection.on('error', () => undefined);
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(connection, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        });
      } finally {
        await connection
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
          .catch(() => undefined);
        await connection.end().catch(() => undefined);
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    query: async <Row>(text: string, params?: unknown[]) =>
      (await pool.query(text, params)).rows as Row[],
    executeSql: async (text, params) => {
      // Without parameters pg sends the simple protocol, which runs a script on one connection
      // and answers one result per statement.
      const result = (await pool.query(text, params)) as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? (result[result.length - 1] ?? { rows: [] }) : result;
    },
    listen: (channel, handler, listenOptions) =>
      listenOnPostgres(directUrl, channel, handler, listenOptions?.onConnectionChange),
    close: async () => {
      await pool.end();
    },
  };
}

const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (outside the pool, which it would otherwise hold forever),
 * reconnecting after a dropped connection until stopped.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handler: (payload: string) => void,
  onConnectionChange: ((connected: boolean) => void) | undefined,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;

  const connect = async (): Promise<void> => {
    // A connection attempt that hangs (an unreachable server) must not stop the retries.
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) handler(message.payload);
    });
    client.on('error', () => reconnect(client));
    client.on('end', () => reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      // Not listening: close the connection if it was made, and let the caller retry.
      client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      // Stopped while this reconnection was under way.
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    onConnectionChange?.(true);
  };

  const reconnect = (client: pg.Client) => {
    if (stopped || current !== client) return;
    current = null;
    onConnectionChange?.(false);
    client.end().catch(() => undefined);
    const retry = () => {
      if (stopped) return;
      connect().catch(() => setTimeout(retry, RECONNECT_DELAY_MS).unref());
    };
    setTimeout(retry, RECONNECT_DELAY_MS).unref();
  };

  await connect();
  return async () => {
    stopped = true;
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}
