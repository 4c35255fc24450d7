import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { consumerInput, TEST_PASSWORD } from '../testing/factories';
import { memoryLog } from '../testing/memory-log';
import { createTestContext, type TestContext } from '../testing/test-app';

const log = memoryLog('debug');
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ logger: log.logger });
});
afterAll(async () => {
  await context.close();
});

/** The lines written for one request, once its own line (written as the answer goes out) is in. */
async function linesOf(requestId: string) {
  await vi.waitFor(() =>
    expect(log.lines.some((line) => line.requestId === requestId && 'responseTime' in line)).toBe(
      true,
    ),
  );
  return log.lines.filter((line) => line.requestId === requestId);
}

describe('request log', () => {
  it('writes one line per request with its id, method, path, status and response time', async () => {
    const response = await context.agent().get('/api/brands?search=someone%40example.com');
    expect(response.status).toBe(200);
    const requestId = response.headers['x-request-id'] as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const lines = await linesOf(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request completed',
      requestId,
      req: { method: 'GET', path: '/api/brands' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    // The query string may hold what a user typed: it stays out of the log.
    expect(JSON.stringify(lines)).not.toContain('example.com');

    const next = await context.agent().get('/api/brands');
    expect(next.headers['x-request-id']).not.toBe(requestId);
  });

  it('logs health checks at debug', async () => {
    const response = await context.agent().get('/api/health');
    const lines = await linesOf(response.headers['x-request-id'] as string);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'debug', req: { method: 'GET', path: '/api/health' } }),
    ]);
  });

  it('logs an error inside a route with the request id the client was given', async () => {
    // GET /api/brands awaits a query that now fails with an error nobody expects.
    await context.database.query('alter table brands rename to brands_gone');
    let response;
    try {
      response = await context.agent().get('/api/brands');
    } finally {
      await context.database.query('alter table brands_gone rename to brands');
    }
    expect(response.status).toBe(500);
    const requestId = response.headers['x-request-id'] as string;

    const lines = await linesOf(requestId);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'request failed',
        req: { method: 'GET', path: '/api/brands' },
        err: expect.objectContaining({ message: expect.stringMatching(/brands/) }),
      }),
      expect.objectContaining({ msg: 'request completed', res: { statusCode: 500 } }),
    ]);
    // The error is in the log, not in the answer.
    expect(response.text).not.toMatch(/brands/);
  });

  it('never logs the session cookie, the authorization header or a request body', async () => {
    const agent = context.agent();
    const input = consumerInput();
    const registered = await agent.post('/api/register').send(input);
    expect(registered.status).toBe(201);
    const cookie = ([] as string[])
      .concat(registered.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith('markit.sid='))!
      .split(';')[0]!;
    // `s:<session id>.<signature>`, URL-encoded.
    const sessionId = decodeURIComponent(cookie.slice('markit.sid='.length))
      .slice(2)
      .split('.')[0]!;
    expect(sessionId.length).toBeGreaterThan(10);

    const me = await agent.get('/api/user').set('Authorization', 'Bearer not-for-the-log');
    expect(me.status).toBe(200);
    const signIn = await context
      .agent()
      .post('/api/login')
      .send({ identifier: input.username, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);

    for (const response of [registered, me, signIn]) {
      await linesOf(response.headers['x-request-id'] as string);
    }
    const text = log.text();
    expect(text).toContain('"path":"/api/login"');
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(cookie);
    expect(text).not.toContain('not-for-the-log');
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toContain(input.email);
  });
});
