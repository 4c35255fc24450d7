import { memoizePerDatabase } from '../../lib/memoize-per-database';

/**
 * The store catalogue changes only with a release (it is loaded at start), so each instance keeps
 * the cascade's answers for as long as the browser may (Cache-Control max-age=300).
 */
export const cacheCatalogue = <Database extends object, Args extends unknown[], Value>(
  load: (db: Database, ...args: Args) => Promise<Value>,
) => memoizePerDatabase(load, { ttlMs: 5 * 60 * 1000, maxEntries: 5_000 });
