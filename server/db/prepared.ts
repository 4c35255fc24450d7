import { type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor } from './client';

/** What drizzle's query builders answer `prepare(name)` with. */
type Preparable<Prepared> = { prepare: (name: string) => Prepared };

const definedNames = new Set<string>();

// Behind a pooler in transaction mode a named statement exists only on the server connection
// that parsed it, so the statements are built once but sent unnamed (Postgres plans each run):
// DATABASE_POOLER=transaction, or a database opened with `pooler: 'transaction'`.
let named = process.env.DATABASE_POOLER !== 'transaction';

/** Sends every prepared statement unnamed from now on (the database is behind PgBouncer). */
export function sendStatementsUnnamed(): void {
  named = false;
}

/**
 * A hot statement built once per database and variant, then only executed with new values
 * (drizzle's prepared queries, named statements on Postgres). Building a statement with the query
 * builder costs more Node time than Postgres needs to answer a page read, on every request. The
 * values that change per request are `sql.placeholder(…)`s; `variant` names the few shapes the
 * statement takes (a filter), and must come from a small fixed set: each one is kept for the
 * process's life. Each database (or transaction) gets its own copies. LIMIT and OFFSET may be
 * placeholders where the rows are one owner's (a consumer's cards, their notifications): the
 * generic plan reads that owner's index range either way, and Postgres keeps it (checked in
 * pg_prepared_statements.generic_plans). Where it did not (the leads search, whose patterns it
 * estimated per value), the page is a range of row numbers instead (see sql-literals.ts too).
 */
export function preparedStatement<Db extends object, Variant extends string, Prepared>(
  name: string,
  build: (db: Db, variant: Variant) => Preparable<Prepared>,
): (db: Db, variant: Variant) => Prepared {
  // One name, one text: a second definition under a name would make Postgres refuse one of them.
  if (definedNames.has(name)) throw new Error(`Prepared statement ${name} is defined twice`);
  definedNames.add(name);
  const perDatabase = new WeakMap<Db, Map<Variant, Prepared>>();
  return (db, variant) => {
    let prepared = perDatabase.get(db);
    if (!prepared) {
      prepared = new Map();
      perDatabase.set(db, prepared);
    }
    let statement = prepared.get(variant);
    if (statement === undefined) {
      // Drizzle sends a statement without a name as an unnamed one.
      statement = build(db, variant).prepare(
        named ? `${name}_${variant}` : (undefined as unknown as string),
      );
      prepared.set(variant, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * `preparedStatement` for a statement written in SQL: `build` answers the statement of a variant,
 * its per-request values as `sql.placeholder(…)`s; calling the result with the values answers the
 * rows (as `queryRows` does for a statement built each time). The text is built once per variant
 * for the process and only bound to each executor that runs it: a transaction is a new executor
 * every time, and statements inside one (a claim's) would otherwise be built again per claim.
 */
export function preparedQuery<Row, Variant extends string = 'all'>(
  name: string,
  build: (variant: Variant, db: Executor) => SQL,
): (db: Executor, variant: Variant, values: Record<string, unknown>) => Promise<Row[]> {
  const queries = new Map<Variant, Query>();
  // `db` only lends its query builder: the text it builds is the same for every executor.
  const queryOf = (variant: Variant, db: Executor) => {
    let query = queries.get(variant);
    if (!query) {
      query = dialect.sqlToQuery(build(variant, db));
      queries.set(variant, query);
    }
    return query;
  };
  const statement = preparedStatement(name, (db: Executor, variant: Variant) => ({
    prepare: (statementName: string) =>
      db._.session.prepareQuery(queryOf(variant, db), undefined, statementName, false),
  }));
  return async (db, variant, values) => {
    // Both drivers answer a raw statement with `{ rows }`.
    const result = (await statement(db, variant).execute(values)) as unknown as { rows: Row[] };
    return result.rows;
  };
}
