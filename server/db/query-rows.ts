import { type SQL } from 'drizzle-orm';
import { type Executor } from './client';

/**
 * Runs a raw SQL query and returns its rows, on either driver (node-postgres and PGlite both
 * answer `{ rows }`). For queries the builder cannot say well, such as window functions over CTEs.
 */
export async function queryRows<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
