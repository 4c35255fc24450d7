import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import { ADDRESS_ALLOWANCE_FACTOR } from '../services/rate-limit/rate-limit';
import { uploadsDirectory } from '../services/uploads/store-upload';
import { consumerInput, registerAs } from '../testing/factories';
import { PNG_PIXEL } from '../testing/images';
import { createTestContext, type TestContext } from '../testing/test-app';

// Searches and uploads are limited per account and per client address, with
// the counters in the database. (Sign-in, registration, guest gifts and shares: their own tests.)
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

  it('counts an invalid search too, and answers it 429 once over', async () => {
    const { agent } = await consumerAt();
    for (let index = 0; index < SEARCHES; index++) {
      expect((await agent.get('/api/users/search?q=')).status).toBe(400);
    }
    expectRefused(await agent.get('/api/users/search?q='), SEARCH_REFUSAL, 60);
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
