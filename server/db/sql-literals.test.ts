import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { equalsLiteral, sqlInteger } from './sql-literals';
import { ledgerAccounts } from '@shared/tables/ledger';

describe('sqlInteger', () => {
  const dialect = new PgDialect();

  it('writes the number into the text, with no parameter', () => {
    const query = dialect.sqlToQuery(sql`select 1 limit ${sqlInteger(20)} offset ${sqlInteger(0)}`);
    expect(query.sql).toBe('select 1 limit 20 offset 0');
    expect(query.params).toEqual([]);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %s', (value) => {
    expect(() => sqlInteger(value)).toThrow(RangeError);
  });

  it('writes a constant compared with a column into the text, quotes escaped', () => {
    const query = dialect.sqlToQuery(
      sql`select 1 from ledger_accounts where ${equalsLiteral(ledgerAccounts.kind, 'user_funds')} or ${equalsLiteral(ledgerAccounts.kind, "it's")}`,
    );
    expect(query.sql).toBe(
      `select 1 from ledger_accounts where "ledger_accounts"."kind" = 'user_funds' or "ledger_accounts"."kind" = 'it''s'`,
    );
    expect(query.params).toEqual([]);
  });
});
