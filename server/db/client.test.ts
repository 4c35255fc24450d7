import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseUnavailableCause } from '../lib/database-errors';
import { createDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the Postgres pool', () => {
  it('runs a statement with parameters as a named prepared statement, parsed once per connection', async () => {
    const database = await createDatabase({ databaseUrl: serverUrl, poolSize: 1 });
    try {
      const text = 'select $1::int + 1 as next';
      expect(await database.query(text, [1])).toEqual([{ next: 2 }]);
      expect(await database.query(text, [41])).toEqual([{ next: 42 }]);
      // One connection: this reads the same session's prepared statements.
      const prepared = await database.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(prepared.map((row) => row.statement)).toEqual([text]);
      // Without parameters a statement runs as it is (BEGIN, LISTEN, DDL).
      await database.query('select 1');
      expect((await database.query('select statement from pg_prepared_statements')).length).toBe(1);
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
