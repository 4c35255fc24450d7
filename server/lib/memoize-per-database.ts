/**
 * Remembers what `load` answered for the same database and arguments for `ttlMs` (at most
 * `maxEntries` argument lists per database, oldest dropped first). For data that changes only
 * with a release, such as the store catalogue: every instance re-reads it at least every `ttlMs`.
 * Concurrent callers share one load; a failed load is not remembered. Answers are shared, so
 * callers must not change them.
 */
export function memoizePerDatabase<Database extends object, Args extends unknown[], Value>(
  load: (db: Database, ...args: Args) => Promise<Value>,
  { ttlMs, maxEntries }: { ttlMs: number; maxEntries: number },
): (db: Database, ...args: Args) => Promise<Value> {
  const caches = new WeakMap<Database, Map<string, { value: Promise<Value>; loadedAt: number }>>();
  return (db, ...args) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    const key = JSON.stringify(args);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.loadedAt < ttlMs) return hit.value;
    const value = load(db, ...args);
    cache.delete(key);
    cache.set(key, { value, loadedAt: now });
    if (cache.size > maxEntries) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  };
}
