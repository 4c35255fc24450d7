import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createDatabase } from '../db/client';
import { createAppServer } from '../lib/app-server';
import { createLogger } from '../lib/logger';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';
import { SESSION_CACHE_TTL_MS } from './cached-session-store';
import { SESSION_ABSOLUTE_LIFETIME_MS, SESSION_IDLE_TIMEOUT_MS } from './session';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function sessionCookie(response: request.Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  const cookie = cookies.find((value) => value.startsWith('markit.sid='))?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function signedInCookie() {
  const response = await request(context.app).post('/api/register').send(consumerInput());
  expect(response.status).toBe(201);
  return { cookie: sessionCookie(response), username: response.body.username as string };
}

/** Moves the clocks the session code reads (the row's expiry and the store's memory) ahead. */
function advanceClock(ms: number) {
  const now = Date.now();
  const monotonic = performance.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  vi.spyOn(performance, 'now').mockReturnValue(monotonic + ms);
}

/** The other instance hears of a change through a NOTIFY: within its round trip. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 1_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What the app asked of the session store, by kind. */
function countSessionStoreCalls() {
  const store = context.app.locals.sessionStore;
  const reads = vi.spyOn(store, 'get');
  const touches = vi.spyOn(store, 'touch');
  return () => ({ reads: reads.mock.calls.length, touches: touches.mock.calls.length });
}

/** A second app instance on the same database (its own connections on Postgres). */
async function secondInstance() {
  const database = context.databaseUrl
    ? await createDatabase({ databaseUrl: context.databaseUrl, poolSize: 2 })
    : context.database;
  const app = createApp({
    config: context.config,
    database,
    logger: createLogger('silent'),
    sessionSecret: context.sessionSecret,
    client: { kind: 'static', directory: context.clientDirectory },
    jobs: context.jobs,
  });
  const server = createAppServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The store's LISTEN is set up asynchronously; a request answers once it is.
  await request(server).get('/api/health').expect(200);
  return {
    server,
    close: async () => {
      await app.locals.notificationHub.close();
      await new Promise((resolve) => server.close(resolve));
      await app.locals.sessionStore.close();
      if (database !== context.database) await database.close();
    },
  };
}

describe('session store', () => {
  it('ends a session 30 minutes after its last request', async () => {
    const { cookie } = await signedInCookie();
    await request(context.app).get('/api/user').set('Cookie', cookie).expect(200);
    advanceClock(SESSION_IDLE_TIMEOUT_MS + 1_000);
    const response = await request(context.app).get('/api/user').set('Cookie', cookie);
    expect(response.status).toBe(401);
  });

  it('ends a session 12 hours after sign-in however active, on a read and on a write', async () => {
    for (const kind of ['read', 'write'] as const) {
      vi.restoreAllMocks();
      const { cookie } = await signedInCookie();
      const sid = decodeURIComponent(cookie.slice('markit.sid='.length)).slice(2).split('.')[0]!;
      // Signed in twelve hours and a minute ago, and used ever since.
      await context.database.query(
        `update "session" set sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($2::bigint))::json
          where sid = $1`,
        [sid, Date.now() - SESSION_ABSOLUTE_LIFETIME_MS - 60_000],
      );
      // The instance answers the session it wrote at sign-in from memory for up to a minute; the
      // row, changed behind its back here, is read again after that.
      advanceClock(SESSION_CACHE_TTL_MS + 1_000);
      const response =
        kind === 'read'
          ? await request(context.app).get('/api/user').set('Cookie', cookie)
          : await request(context.app).post('/api/notifications/read-all').set('Cookie', cookie);
      expect(response.status, kind).toBe(401);
      expect(await context.database.query('select 1 from "session" where sid = $1', [sid])).toEqual(
        [],
      );
    }
  });

  it('keeps a session in use alive past the idle timeout, with a browser-session cookie set once', async () => {
    const response = await request(context.app).post('/api/register').send(consumerInput());
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^markit\.sid=/);
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    const cookie = sessionCookie(response);
    // A request every 10 minutes for 40 minutes: each one moves the server-side expiry.
    for (let minutes = 10; minutes <= 40; minutes += 10) {
      advanceClock(10 * 60_000);
      const read = await request(context.app).get('/api/user').set('Cookie', cookie);
      expect(read.status).toBe(200);
      expect(read.headers['set-cookie']).toBeUndefined();
    }
  });

  it('skips the session entirely on a read without the cookie', async () => {
    const { username } = await signedInCookie();
    const counted = countSessionStoreCalls();
    const response = await request(context.app).get(`/api/user/profile/${username}`);
    expect(response.status).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(counted()).toEqual({ reads: 0, touches: 0 });
    // A write without the cookie can still start one: signing in.
    const { cookie } = await signedInCookie();
    expect(cookie).toMatch(/^markit\.sid=/);
    // With the cookie, the row is read and its expiry moved.
    await request(context.app).get('/api/user').set('Cookie', cookie).expect(200);
    expect(counted()).toEqual({ reads: 1, touches: 1 });
  });

  it('shares sessions between instances, and a sign-out on one ends it on the other at once', async () => {
    const other = await secondInstance();
    try {
      const { cookie, username } = await signedInCookie();
      for (const app of [context.app, other.server]) {
        const response = await request(app).get('/api/user').set('Cookie', cookie);
        expect(response.status).toBe(200);
        expect(response.body.username).toBe(username);
      }
      const logout = await request(context.app).post('/api/logout').set('Cookie', cookie).send({});
      expect(logout.status).toBe(200);
      // The other instance held it in memory, and drops it when it hears of the sign-out.
      await eventually(
        async () =>
          (await request(other.server).get('/api/user').set('Cookie', cookie)).status === 401,
      );
      expect((await request(context.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a new sign-in on one instance is known to the other, and the replaced id is dead on both', async () => {
    const other = await secondInstance();
    try {
      const agent = request.agent(context.app);
      const input = consumerInput();
      const registered = await registerAs(agent, input);
      const first = await request(context.app)
        .post('/api/login')
        .send({ identifier: registered.username, password: 'correct-horse-9' });
      const firstCookie = sessionCookie(first);
      await request(context.app).get('/api/user').set('Cookie', firstCookie).expect(200);
      await request(other.server).get('/api/user').set('Cookie', firstCookie).expect(200);
      // Signing in again from the same browser replaces the session id.
      const second = await request(other.server)
        .post('/api/login')
        .set('Cookie', firstCookie)
        .send({ identifier: registered.username, password: 'correct-horse-9' });
      const secondCookie = sessionCookie(second);
      expect(secondCookie).not.toBe(firstCookie);
      await request(context.app).get('/api/user').set('Cookie', secondCookie).expect(200);
      await eventually(
        async () =>
          (await request(context.app).get('/api/user').set('Cookie', firstCookie)).status === 401,
      );
      expect((await request(other.server).get('/api/user').set('Cookie', firstCookie)).status).toBe(
        401,
      );
    } finally {
      await other.close();
    }
  });
});
