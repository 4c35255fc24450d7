import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableCause } from '../lib/database-errors';
import { createDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the Postgres pool', () => {
  // A transaction-pooling proxy (PgBouncer) hands each transaction any server connection, where
  // a statement named on another one does not exist: only the few statements prepared on
  // purpose (db/prepared.ts) are named.
  it('runs statements unnamed, leaving no prepared statement on the connection', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    try {
      expect(await database.query('select $1::int + 1 as next', [41])).toEqual([{ next: 42 }]);
      await database.db.execute(sql`select ${'text'}::text as value`);
      // One connection: this reads the same session's prepared statements.
      expect(await database.query('select name from pg_prepared_statements')).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('survives a connection cut in the middle of a transaction, and the pool recovers', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const failure: unknown = await database.db
        .transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: Array<{ pid: number }>;
          };
          const [row] = result.rows;
          // Cut while the client is checked out and no statement runs: the driver reports it
          // as an 'error' event on the client, which would end the process with no listener.
          await admin.query('select pg_terminate_backend($1)', [row?.pid]);
          await new Promise((resolve) => setTimeout(resolve, 200));
          await tx.execute(sql`select 1`);
        })
        .catch((caught: unknown) => caught);
      expect(databaseUnavailableCause(failure)).toBeDefined();
      // The broken client was dropped: the next statement gets a fresh connection.
      await database.ping();
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
