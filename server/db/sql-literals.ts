import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';

/**
 * A non-negative integer written into the statement's text instead of sent as a parameter: for
 * LIMIT and OFFSET. Postgres plans a prepared statement (db/prepared.ts) once for all parameters
 * (a generic plan) only when that plan looks as cheap as one made for the values; a LIMIT
 * parameter makes the generic plan look like it reads a tenth of the table, so every execution
 * was planned again. Page sizes are a handful of values, so each gets a statement of its own and
 * its plan is reused. Statements that are not prepared are planned with their values anyway;
 * they write pages the same way, so there is one way to write a page.
 */
export function sqlInteger(value: number): SQL {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Expected a non-negative integer, got ${value}`);
  }
  return sql.raw(String(value));
}

/**
 * `column = 'value'` with the value in the statement's text: for the constants that partial
 * indexes are defined by (`ledger_accounts … where kind = 'user_funds'`). With a parameter there,
 * Postgres cannot reuse a generic plan (it does not know the index applies) and plans again on
 * every execution.
 */
export function equalsLiteral(column: SQLWrapper, value: string): SQL {
  return sql`${column} = ${sql.raw(`'${value.replaceAll("'", "''")}'`)}`;
}
