import { type SQL, sql, type Table } from 'drizzle-orm';

/**
 * `(select count(*) from <table> where <condition>)` as a column of another select. Postgres runs
 * an uncorrelated subquery like this once per statement (an InitPlan), so a page of rows and the
 * total they come from arrive in one round trip. A page with no rows carries no total: the
 * caller counts on its own then (an empty page is cheap).
 */
export function countOf(table: Table, condition: SQL | undefined) {
  return sql<number>`(select count(*) from ${table} where ${condition ?? sql`true`})`.mapWith(
    Number,
  );
}
