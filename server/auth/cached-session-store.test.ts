import session from 'express-session';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { createTestContext, type TestContext } from '../testing/test-app';
import {
  CachedSessionStore,
  SESSION_CACHE_TTL_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './cached-session-store';

// Two instances of the app share one table; here the table is a MemoryStore both stores wrap,
// and the instances hear each other through the database's NOTIFY, as in production.
let context: TestContext;
let otherDatabase: DatabaseHandle;
beforeAll(async () => {
  context = await createTestContext();
  otherDatabase = context.databaseUrl
    ? await createDatabase({ databaseUrl: context.databaseUrl, poolSize: 2 })
    : context.database;
});
afterAll(async () => {
  if (otherDatabase !== context.database) await otherDatabase.close();
  await context.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const promised = <T>(call: (callback: (error: unknown, value?: T) => void) => void) =>
  new Promise<T | undefined>((resolve, reject) =>
    call((error, value) => (error ? reject(error) : resolve(value))),
  );

type Stored = session.SessionData & { passport?: { user: string } };

function storesOverOneTable() {
  const table = new session.MemoryStore();
  const reads = vi.spyOn(table, 'get');
  const touches = vi.spyOn(table, 'touch');
  const first = new CachedSessionStore(table, context.database);
  const second = new CachedSessionStore(table, otherDatabase);
  const get = (store: CachedSessionStore, sid: string) =>
    promised<Stored | null>((callback) => store.get(sid, callback));
  const set = (store: CachedSessionStore, sid: string, data: object) =>
    promised((callback) => store.set(sid, data as session.SessionData, callback));
  const touch = (store: CachedSessionStore, sid: string, data: object) =>
    promised((callback) => store.touch(sid, data as session.SessionData, callback));
  const destroy = (store: CachedSessionStore, sid: string) =>
    promised((callback) => store.destroy(sid, callback));
  return {
    table,
    first,
    second,
    reads,
    touches,
    get,
    set,
    touch,
    destroy,
    close: async () => {
      await first.close();
      await second.close();
    },
  };
}

const data = (user: string) => ({ cookie: { originalMaxAge: null }, passport: { user } });

async function eventually(check: () => Promise<boolean>, timeoutMs = 1_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function advanceClock(ms: number) {
  const now = Date.now();
  const monotonic = performance.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  vi.spyOn(performance, 'now').mockReturnValue(monotonic + ms);
}

describe('CachedSessionStore', () => {
  it('reads a session from the table once a minute, and moves its expiry once a minute', async () => {
    const stores = storesOverOneTable();
    try {
      await Promise.all([stores.first.ready, stores.second.ready]);
      // A session another instance wrote (straight into the table here, so that no announcement
      // reaches this one while it reads): read once, its expiry moved once.
      await promised((callback) => stores.table.set('sid-0', data('abe') as never, callback));
      for (let index = 0; index < 5; index++) {
        expect((await stores.get(stores.second, 'sid-0'))?.passport).toEqual({ user: 'abe' });
        await stores.touch(stores.second, 'sid-0', data('abe'));
      }
      expect(stores.reads).toHaveBeenCalledTimes(1);
      expect(stores.touches).toHaveBeenCalledTimes(1);
      // The instance that wrote the session (a sign-in) neither reads it back nor moves the
      // expiry it has just written.
      await stores.set(stores.first, 'sid-1', data('ava'));
      for (let index = 0; index < 5; index++) {
        expect((await stores.get(stores.first, 'sid-1'))?.passport).toEqual({ user: 'ava' });
        await stores.touch(stores.first, 'sid-1', data('ava'));
      }
      expect(stores.reads).toHaveBeenCalledTimes(1);
      expect(stores.touches).toHaveBeenCalledTimes(1);
      // A copy per read: a request changing its session changes nothing held in memory.
      const copy = await stores.get(stores.first, 'sid-1');
      copy!.passport!.user = 'mallory';
      expect((await stores.get(stores.first, 'sid-1'))?.passport).toEqual({ user: 'ava' });

      advanceClock(Math.max(SESSION_CACHE_TTL_MS, SESSION_TOUCH_INTERVAL_MS) + 1_000);
      await stores.get(stores.first, 'sid-1');
      await stores.touch(stores.first, 'sid-1', data('ava'));
      expect(stores.reads).toHaveBeenCalledTimes(2);
      expect(stores.touches).toHaveBeenCalledTimes(2);
    } finally {
      await stores.close();
    }
  });

  it('drops a session on every instance when one of them ends or changes it', async () => {
    const stores = storesOverOneTable();
    try {
      await Promise.all([stores.first.ready, stores.second.ready]);
      await stores.set(stores.first, 'sid-2', data('ben'));
      await stores.set(stores.first, 'sid-3', data('cy'));
      // Both instances hold both sessions in memory.
      for (const store of [stores.first, stores.second]) {
        expect((await stores.get(store, 'sid-2'))?.passport).toEqual({ user: 'ben' });
        expect((await stores.get(store, 'sid-3'))?.passport).toEqual({ user: 'cy' });
      }
      // Signed out on the first; changed (a new sign-in on the same id) on the second.
      await stores.destroy(stores.first, 'sid-2');
      await stores.set(stores.second, 'sid-3', data('dee'));
      await eventually(async () => (await stores.get(stores.second, 'sid-2')) === null);
      await eventually(
        async () => (await stores.get(stores.first, 'sid-3'))?.passport?.user === 'dee',
      );
      expect(await stores.get(stores.first, 'sid-2')).toBeNull();
    } finally {
      await stores.close();
    }
  });

  it('answers nothing from memory while it cannot hear the other instances', async () => {
    const table = new session.MemoryStore();
    const reads = vi.spyOn(table, 'get');
    // A database whose LISTEN fails: changes elsewhere could go unheard.
    const deaf = {
      query: context.database.query,
      listen: () => Promise.reject(new Error('connection refused')),
    };
    const store = new CachedSessionStore(table, deaf);
    try {
      await store.ready;
      await promised((callback) => store.set('sid-4', data('eve') as never, callback));
      for (let index = 0; index < 3; index++) {
        await promised((callback) => store.get('sid-4', callback));
      }
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      await store.close();
    }
  });
});
