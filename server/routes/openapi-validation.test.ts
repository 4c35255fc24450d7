import { randomUUID } from 'node:crypto';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../testing/factories';
import { signedInConsumer } from '../testing/gift-cards';
import { PNG_PIXEL } from '../testing/images';
import { type OpenApiDocument } from '../testing/openapi-validator';
import { createTestContext, type TestContext } from '../testing/test-app';

// Every answer of every server test is checked against /api/openapi.json (test-app.ts); these
// provoke the refusals ordinary tests rarely meet, and check each is both answered and listed.
let context: TestContext;
let document: OpenApiDocument;
beforeAll(async () => {
  // One search a minute, so that the second is over the limit.
  context = await createTestContext({ rateLimits: { searchesPerMinute: 1 } });
  document = (await request(context.app).get('/api/openapi.json').expect(200))
    .body as OpenApiDocument;
});
afterAll(async () => {
  await context.close();
});

type Documented = { description?: string; headers?: Record<string, unknown> };

/** The response the document lists for an operation and status, if any. */
function documented(operation: string, status: number): Documented | undefined {
  const [method, path] = operation.split(' ') as [string, string];
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses as
    Record<string, Documented> | undefined;
  if (!responses) throw new Error(`The document has no operation ${operation}`);
  return responses[String(status)];
}

/** The server answered `status`, with the error body, and the document lists it there. */
function expectAnsweredAndListed(response: Response, operation: string, status: number) {
  expect([response.status, typeof response.body.message]).toEqual([status, 'string']);
  expect(documented(operation, status), `${operation} lists ${status}`).toBeDefined();
}

describe('the OpenAPI document lists the refusals the server gives', () => {
  it('401 from POST /api/login/two-factor when no sign-in waits for its second step', async () => {
    const response = await request(context.app)
      .post('/api/login/two-factor')
      .send({ code: '123456' });
    expectAnsweredAndListed(response, 'POST /api/login/two-factor', 401);
  });

  it('409 from the two-factor routes while two-factor is off', async () => {
    const { agent } = await signedInConsumer(context);
    const enable = await agent.post('/api/user/two-factor/enable').send({ code: '123456' });
    expectAnsweredAndListed(enable, 'POST /api/user/two-factor/enable', 409);
    const proof = { password: TEST_PASSWORD, code: '123456' };
    const disable = await agent.post('/api/user/two-factor/disable').send(proof);
    expectAnsweredAndListed(disable, 'POST /api/user/two-factor/disable', 409);
    const codes = await agent.post('/api/user/two-factor/recovery-codes').send(proof);
    expectAnsweredAndListed(codes, 'POST /api/user/two-factor/recovery-codes', 409);
  });

  it('403 for a message to someone who is not a friend', async () => {
    const sender = await signedInConsumer(context);
    const stranger = await signedInConsumer(context);
    const response = await sender.agent
      .post(`/api/messages/${stranger.user.username}`)
      .send({ clientId: randomUUID(), text: 'hello' });
    expectAnsweredAndListed(response, 'POST /api/messages/{username}', 403);
  });

  it('404 for an answer to a friend request that does not exist', async () => {
    const { agent } = await signedInConsumer(context);
    const response = await agent
      .post('/api/friends/respond')
      .send({ friendshipId: 2_000_000_000, action: 'accept' });
    expectAnsweredAndListed(response, 'POST /api/friends/respond', 404);
  });

  it('403 for a write from another site', async () => {
    const { agent } = await signedInConsumer(context);
    const fromElsewhere = await agent
      .post('/api/posts')
      .set('Origin', 'https://elsewhere.example')
      .send({ content: 'Sent from another site' });
    expectAnsweredAndListed(fromElsewhere, 'POST /api/posts', 403);
    const markedCrossSite = await agent
      .post('/api/notifications/read-all')
      .set('Sec-Fetch-Site', 'cross-site');
    expectAnsweredAndListed(markedCrossSite, 'POST /api/notifications/read-all', 403);
  });

  it('413 for a JSON body over the limit', async () => {
    const { agent } = await signedInConsumer(context);
    const response = await agent.post('/api/posts').send({ content: 'x'.repeat(200 * 1024) });
    expectAnsweredAndListed(response, 'POST /api/posts', 413);
  });

  it('415 for an upload sent as JSON, and for JSON sent as text', async () => {
    const { agent } = await signedInConsumer(context);
    const asJson = await agent.post('/api/uploads').send({ file: PNG_PIXEL.toString('base64') });
    expectAnsweredAndListed(asJson, 'POST /api/uploads', 415);
    const asText = await agent
      .post('/api/posts')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ content: 'Sent as text' }));
    expectAnsweredAndListed(asText, 'POST /api/posts', 415);
    // Another method at the upload's address: its body is refused before any route is looked
    // for, and there is no operation there for the document to describe.
    const otherMethod = await agent.put('/api/uploads').send({ file: 'x' });
    expect(otherMethod.status).toBe(415);
  });

  it('429 with Retry-After from a limited route, and 503 with it everywhere', async () => {
    const { agent } = await signedInConsumer(context);
    await agent.get('/api/users/search').query({ q: 'somebody' }).expect(200);
    const limited = await agent.get('/api/users/search').query({ q: 'somebody' });
    expectAnsweredAndListed(limited, 'GET /api/users/search', 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(documented('GET /api/users/search', 429)?.headers).toHaveProperty('Retry-After');
    expect(documented('GET /api/users/search', 503)?.headers).toHaveProperty('Retry-After');
  });

  it('500 and 503 on every operation, 401 on every one that needs a session', () => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    const missing = operations.flatMap(({ path, method, operation }) => {
      const listed = Object.keys(operation.responses ?? {});
      const needed = [
        '500',
        '503',
        ...((operation as { security?: unknown }).security ? ['401'] : []),
      ];
      return needed
        .filter((status) => !listed.includes(status))
        .map((status) => `${method.toUpperCase()} ${path} ${status}`);
    });
    expect(missing).toEqual([]);
  });

  it('a description for every section', () => {
    const tags = (document as { tags?: Array<{ name: string; description?: string }> }).tags ?? [];
    expect(tags.filter((tag) => !tag.description).map((tag) => tag.name)).toEqual([]);
  });
});
