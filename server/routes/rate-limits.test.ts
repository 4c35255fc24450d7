import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_PLATFORMS } from '@shared/constants';
import { type AnyContract, pathOf } from '@shared/contract';
import { allContracts } from '@shared/contracts';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { TEST_CARD_SUCCESS } from '../services/payments/payment-provider';
import { ADDRESS_ALLOWANCE_FACTOR } from '../services/rate-limit/rate-limit';
import { uploadsDirectory } from '../services/uploads/store-upload';
import { consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { PNG_PIXEL } from '../testing/images';
import { createTestContext, type TestContext } from '../testing/test-app';

// Searches and uploads are limited per account and per client address, with the counters in the
// database; and every limit a contract declares refuses the call past it. (Each limit's own
// details, and the sign-in's, guest gifts' and other limits services take: their own tests.)
const SEARCHES = 3;
const UPLOADS = 2;
const SEARCH_REFUSAL = 'Too many searches. Please try again later.';
const UPLOAD_REFUSAL = 'Too many uploads. Please try again later.';

let context: TestContext;
beforeAll(async () => {
  // Behind one proxy (TRUST_PROXY=loopback), so each test can come from its own address.
  context = await createTestContext({
    trustProxy: 'loopback',
    rateLimits: { searchesPerMinute: SEARCHES, uploadsPerHour: UPLOADS },
  });
});
afterAll(async () => {
  await context.close();
});

let addresses = 0;
/** A consumer signed in from an address of their own (or the one given). */
async function consumerAt(address = `203.0.113.${++addresses}`) {
  const agent = context.agent().set('X-Forwarded-For', address);
  const user = await registerAs(agent, consumerInput());
  return { agent, user, address };
}

const expectRefused = (response: request.Response, message: string, windowSeconds: number) => {
  expect(response.status).toBe(429);
  expect(response.body.message).toBe(message);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe('search rate limit', () => {
  it('one allowance per account covers people search and @mention search; over it, 429', async () => {
    const { agent } = await consumerAt();
    expect((await agent.get('/api/users/search?q=casey')).status).toBe(200);
    expect((await agent.get('/api/friends/search?query=casey')).status).toBe(200);
    expect((await agent.get('/api/users/search?q=blue&type=business')).status).toBe(200);
    expectRefused(await agent.get('/api/users/search?q=casey'), SEARCH_REFUSAL, 60);
    expectRefused(await agent.get('/api/friends/search?query=casey'), SEARCH_REFUSAL, 60);

    // Someone else, elsewhere, is not affected.
    const other = await consumerAt();
    expect((await other.agent.get('/api/users/search?q=casey')).status).toBe(200);
  });

  it('answers an invalid search 400 without counting it', async () => {
    const { agent } = await consumerAt();
    for (let index = 0; index < SEARCHES + 2; index++) {
      expect((await agent.get('/api/users/search?q=')).status).toBe(400);
    }
    for (let index = 0; index < SEARCHES; index++) {
      expect((await agent.get('/api/users/search?q=ca')).status).toBe(200);
    }
    expectRefused(await agent.get('/api/users/search?q=ca'), SEARCH_REFUSAL, 60);
  });

  it('many accounts from one address share a larger allowance for that address', async () => {
    const address = '198.51.100.7';
    const allowance = SEARCHES * ADDRESS_ALLOWANCE_FACTOR;
    for (let made = 0; made < allowance; made += SEARCHES) {
      const { agent } = await consumerAt(address);
      for (let index = 0; index < SEARCHES; index++) {
        expect((await agent.get('/api/users/search?q=casey')).status).toBe(200);
      }
    }
    // A fresh account, well within its own allowance, from the same address.
    const late = await consumerAt(address);
    expectRefused(await late.agent.get('/api/users/search?q=casey'), SEARCH_REFUSAL, 60);
    // The same account from another address searches again.
    const elsewhere = context.agent().set('X-Forwarded-For', '198.51.100.8');
    await elsewhere
      .post('/api/login')
      .send({ identifier: late.user.username, password: 'correct-horse-9' })
      .expect(200);
    expect((await elsewhere.get('/api/users/search?q=casey')).status).toBe(200);
  });

  it('lifts the limit when the window ends', async () => {
    const { agent, user } = await consumerAt();
    for (let index = 0; index < SEARCHES; index++) await agent.get('/api/users/search?q=ca');
    expect((await agent.get('/api/users/search?q=ca')).status).toBe(429);
    await context.database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second'
          where key = ${`search:user:${user.id}`}`,
    );
    expect((await agent.get('/api/users/search?q=ca')).status).toBe(200);
  });

  it('keeps its counters in the database: another app instance refuses the same account', async () => {
    const address = '203.0.113.250';
    const registered = await request(context.app)
      .post('/api/register')
      .set('X-Forwarded-For', address)
      .send(consumerInput())
      .expect(201);
    const cookie = ([] as string[])
      .concat(registered.headers['set-cookie'] ?? [])
      .map((value) => value.split(';')[0])
      .join('; ');
    const search = (app: TestContext['app']) =>
      request(app)
        .get('/api/users/search?q=ca')
        .set('Cookie', cookie)
        .set('X-Forwarded-For', address);
    for (let index = 0; index < SEARCHES; index++)
      expect((await search(context.app)).status).toBe(200);

    const other = createApp({
      config: { ...context.config, databaseUrl: context.databaseUrl },
      database: context.database,
      logger: createLogger('silent'),
      sessionSecret: context.sessionSecret,
      client: { kind: 'static', directory: context.clientDirectory },
      jobs: context.jobs,
    });
    try {
      expectRefused(await search(other), SEARCH_REFUSAL, 60);
    } finally {
      await other.locals.notificationHub.close();
    }
  });
});

describe('upload rate limit', () => {
  const storedFiles = () => fs.readdirSync(uploadsDirectory(context.config.dataDir)).length;

  it('answers 429 over the allowance, storing nothing', async () => {
    const { agent } = await consumerAt();
    for (let index = 0; index < UPLOADS; index++) {
      expect((await agent.post('/api/uploads').attach('file', PNG_PIXEL, 'a.png')).status).toBe(
        201,
      );
    }
    const before = storedFiles();
    const refused = await agent.post('/api/uploads').attach('file', PNG_PIXEL, 'a.png');
    expectRefused(refused, UPLOAD_REFUSAL, 60 * 60);
    expect(storedFiles()).toBe(before);
  });

  it('counts per account and per address', async () => {
    const address = '192.0.2.44';
    const allowance = UPLOADS * ADDRESS_ALLOWANCE_FACTOR;
    for (let made = 0; made < allowance; made += UPLOADS) {
      const { agent } = await consumerAt(address);
      for (let index = 0; index < UPLOADS; index++) {
        await agent.post('/api/uploads').attach('file', PNG_PIXEL, 'a.png').expect(201);
      }
    }
    const late = await consumerAt(address);
    expectRefused(
      await late.agent.post('/api/uploads').attach('file', PNG_PIXEL, 'a.png'),
      UPLOAD_REFUSAL,
      60 * 60,
    );
  });
});

describe('limits written in contracts (`rateLimits`)', () => {
  /**
   * A call each limited endpoint takes as valid input. It need not succeed (an unknown username
   * answers 404): the limit is taken before the endpoint does anything.
   */
  const CALLS: Record<
    string,
    () => { params?: Record<string, string>; query?: Record<string, string>; body?: object }
  > = {
    'auth.register': () => ({ body: consumerInput() }),
    'payments.testToken': () => ({
      body: { number: TEST_CARD_SUCCESS, expiry: '12/40', cvc: '123' },
    }),
    'profiles.recordShare': () => ({
      body: { platform: SHARE_PLATFORMS[0], profileUsername: 'nobody_here' },
    }),
    'settings.requestEmailChange': () => ({
      body: { newEmail: `moved_${randomUUID()}@example.com`, currentPassword: TEST_PASSWORD },
    }),
    'users.search': () => ({ query: { q: 'ca' } }),
    'friends.search': () => ({ query: { query: 'ca' } }),
    'uploads.create': () => ({}),
    'messages.send': () => ({
      params: { username: 'nobody_here' },
      body: { clientId: randomUUID(), text: 'Hello' },
    }),
    'account.requestPasswordReset': () => ({ body: { email: 'nobody@example.com' } }),
    'paymentSettings.saveCard': () => ({ body: { paymentToken: 'tok_test_unknown' } }),
  };
  // Limits that count every call. A limit that keeps its slot only on some outcomes (`keepOn`: a
  // wrong password, a code that matches no card, a card claimed) is tested where those outcomes
  // are made (auth, account, two-factor, redemptions, claim-pin, guest-gift tests).
  const limited = allContracts.filter(
    (contract) =>
      (contract.rateLimits ?? []).length > 0 &&
      contract.rateLimits!.every((limit) => limit.keepOn === undefined),
  );

  let low: TestContext;
  beforeAll(async () => {
    // Every allowance a contract names is 1, so each endpoint's second call is over it.
    const settings = limited.flatMap((contract) =>
      contract.rateLimits!.map((rule) => rule.setting),
    );
    low = await createTestContext({
      trustProxy: 'loopback',
      rateLimits: Object.fromEntries(settings.map((setting) => [setting, 1])),
    });
  });
  afterAll(async () => {
    await low.close();
  });

  let callers = 0;
  /** A caller from an address of its own, signed in unless the endpoint is public. */
  async function callerOf(contract: AnyContract) {
    const agent = low.agent().set('X-Forwarded-For', `198.18.0.${++callers}`);
    if (contract.access !== 'public') await registerAs(agent, consumerInput());
    return agent;
  }

  function send(agent: ReturnType<TestContext['agent']>, contract: AnyContract) {
    const { params, query, body } = CALLS[contract.id]!();
    const sent = agent[contract.method](`/api${pathOf(contract, params)}`);
    if (query) sent.query(query);
    if (contract.upload) return sent.attach('file', PNG_PIXEL, 'a.png');
    return body ? sent.send(body) : sent;
  }

  it('has a call for every limited contract', () => {
    expect(Object.keys(CALLS).sort()).toEqual(limited.map((contract) => contract.id).sort());
  });

  it.each(limited.map((contract) => [contract.id, contract] as const))(
    '%s answers 429 with its message once its allowance is used',
    async (_id, contract) => {
      const agent = await callerOf(contract);
      const first = await send(agent, contract);
      expect(first.status).not.toBe(429);
      expect(first.status).toBeLessThan(500);
      const [rule] = contract.rateLimits!;
      expectRefused(await send(agent, contract), rule!.message, rule!.windowSeconds);
    },
  );
});
