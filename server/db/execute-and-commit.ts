import { sql, type SQL } from 'drizzle-orm';
import { NodePgTransaction } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Transaction } from './client';

const dialect = new PgDialect();

/** What follows the statement in its message on a server: its COMMIT, and a new transaction. */
export const COMMIT_AND_BEGIN = '; commit; begin';

/**
 * Runs `statement` as the last of the transaction and commits, answering the statement's rows.
 *
 * On a Postgres server the statement and its COMMIT go in one round trip, so the rows it locks
 * are released as soon as Postgres has committed, not after its answer has crossed to this
 * process and the COMMIT has come back: under a crowd updating one row, that wait (which grows
 * with this process's load) was most of the time the row stayed locked. A statement that raises
 * skips the COMMIT, and the transaction rolls back as usual; a statement that must not be
 * committed (nothing to take, not enough funds) raises with `refuse(reason)` (a function of the
 * migrations). The embedded database runs in this process, with no round trip to save: there the
 * COMMIT follows the statement on its own, to the same effect.
 *
 * The transaction is over once this answers, on either database: the callback returns right
 * after it. A new, empty transaction stands in for it, so that the COMMIT (or, if the callback
 * throws after all, the ROLLBACK) drizzle sends at the end finds one; it cannot undo the movement.
 *
 * The statement travels with its values written into its text (several statements cannot be sent
 * with parameters): numbers, booleans, text (quoted by drizzle) and null only.
 */
export async function executeAndCommit<Row>(tx: Transaction, statement: SQL): Promise<Row[]> {
  if (!(tx instanceof NodePgTransaction)) {
    const result = (await tx.execute(statement)) as unknown as { rows: Row[] };
    await tx.execute(sql`commit`);
    await tx.execute(sql`begin`);
    return result.rows;
  }
  for (const value of dialect.sqlToQuery(statement).params) {
    if (value !== null && !['number', 'boolean', 'string'].includes(typeof value)) {
      throw new Error(`A statement sent with its COMMIT cannot carry a ${typeof value} value`);
    }
  }
  const results = (await tx.execute(
    sql`${statement}${sql.raw(COMMIT_AND_BEGIN)}`.inlineParams(),
  )) as unknown as Array<{ rows: Row[] }>;
  return results[0]?.rows ?? [];
}
