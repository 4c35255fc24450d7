import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoizePerDatabase } from './memoize-per-database';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('memoizePerDatabase', () => {
  it('loads once per database and arguments until the time to live passes', async () => {
    const load = vi.fn(async (db: { name: string }, brand: string) => `${db.name}:${brand}`);
    const cached = memoizePerDatabase(load, { ttlMs: 1_000, maxEntries: 10 });
    const first = { name: 'first' };
    const second = { name: 'second' };
    expect(await Promise.all([cached(first, 'a'), cached(first, 'a')])).toEqual([
      'first:a',
      'first:a',
    ]);
    expect(await cached(first, 'b')).toBe('first:b');
    expect(await cached(second, 'a')).toBe('second:a');
    expect(load).toHaveBeenCalledTimes(3);

    // The cache reads its clock from performance.now().
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + 1_001);
    expect(await cached(first, 'a')).toBe('first:a');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not remember a failure, and keeps at most maxEntries answers', async () => {
    let fail = true;
    const load = vi.fn(async (_db: object, key: number) => {
      if (fail) throw new Error('database down');
      return key * 2;
    });
    const cached = memoizePerDatabase(load, { ttlMs: 60_000, maxEntries: 2 });
    const db = {};
    await expect(cached(db, 1)).rejects.toThrow('database down');
    fail = false;
    expect(await cached(db, 1)).toBe(2);
    await cached(db, 2);
    await cached(db, 3);
    expect(load).toHaveBeenCalledTimes(4);
    // 1 was the oldest of three: loaded again; 3 is still remembered.
    await cached(db, 1);
    await cached(db, 3);
    expect(load).toHaveBeenCalledTimes(5);
  });
});
