import { describe, expect, it } from 'vitest';
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
});
