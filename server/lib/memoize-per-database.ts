import { LRUCache } from 'lru-cache';

/**
 * Remembers what `load` answered for the same database and arguments for `ttlMs` (at most
 * `maxEntries` argument lists per database, the least recently used dropped first). For data that
 * changes only with a release, such as the store catalogue: every instance re-reads it at least
 * every `ttlMs`. Concurrent callers share one load; a failed load is not remembered. Answers are
 * shared, so callers must not change them.
 */
export function memoizePerDatabase<Database extends object, Args extends unknown[], Value>(
  load: (db: Database, ...args: Args) => Promise<Value>,
  { ttlMs, maxEntries }: { ttlMs: number; maxEntries: number },
): (db: Database, ...args: Args) => Promise<Value> {
  const caches = new WeakMap<Database, LRUCache<string, Promise<Value>>>();
  return (db, ...args) => {
    let cache = caches.get(db);
    if (!cache) {
      // ttlResolution 0: the age is read from the clock on every look-up, never a cached time.
      cache = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0 });
      caches.set(db, cache);
    }
    const key = JSON.stringify(args);
    const hit = cache.get(key);
    if (hit) return hit;
    const value = load(db, ...args);
    cache.set(key, value);
    value.catch(() => {
      if (cache.get(key) === value) cache.delete(key);
    });
    return value;
  };
}
