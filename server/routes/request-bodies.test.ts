import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TYPE_MESSAGES } from '../lib/http';
import { signedInConsumer } from '../testing/gift-cards';
import { PNG_PIXEL as PNG } from '../testing/images';
import { createTestContext, type TestContext } from '../testing/test-app';

// A body another site can send without CORS (a form post, text/plain,
// multipart) is refused where the route takes JSON, and multipart only reaches the upload route.
let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const feedSize = async (agent: ReturnType<TestContext['agent']>) => {
  const feed: unknown = (await agent.get('/api/posts')).body;
  if (!Array.isArray(feed)) throw new Error(`the feed is not a list: ${JSON.stringify(feed)}`);
  return feed.length;
};

describe('request bodies on writes', () => {
  it('refuses JSON sent as text/plain, a form post and multipart with 415, writing nothing', async () => {
    const { agent } = await signedInConsumer(context);
    const before = await feedSize(agent);
    const asText = await agent
      .post('/api/posts')
      .set('Content-Type', 'text/plain')
      .send(JSON.stringify({ content: 'Sent as text' }));
    expect([asText.status, asText.body.message]).toEqual([415, BODY_TYPE_MESSAGES.json]);
    const asForm = await agent.post('/api/posts').type('form').send({ content: 'Sent as a form' });
    expect(asForm.status).toBe(415);
    const asMultipart = await agent.post('/api/posts').field('content', 'Sent as multipart');
    expect(asMultipart.status).toBe(415);
    expect(await feedSize(agent)).toBe(before);

    const json = await agent.post('/api/posts').send({ content: 'Sent as JSON' });
    expect(json.status).toBe(201);
  });

  it('refuses a form-encoded sign-in, and takes a write without a body', async () => {
    const { agent, user } = await signedInConsumer(context);
    const form = await request(context.app)
      .post('/api/login')
      .type('form')
      .send({ identifier: user.username, password: 'correct-horse-9' });
    expect(form.status).toBe(415);
    expect(form.headers['set-cookie']).toBeUndefined();
    // A POST without a body (the browser still sends Content-Length: 0).
    const readAll = await agent.post('/api/notifications/read-all').set('Content-Length', '0');
    expect(readAll.status).toBe(200);
  });

  it('takes multipart only on the upload route, which also refuses another site', async () => {
    const { agent } = await signedInConsumer(context);
    const asJson = await agent.post('/api/uploads').send({ file: PNG.toString('base64') });
    expect([asJson.status, asJson.body.message]).toEqual([415, BODY_TYPE_MESSAGES.multipart]);
    const crossSite = await agent
      .post('/api/uploads')
      .set('Origin', 'https://evil.example')
      .attach('file', PNG, 'pixel.png');
    expect([crossSite.status, crossSite.body.message]).toEqual([
      403,
      'Cross-site requests are not allowed',
    ]);
    const uploaded = await agent.post('/api/uploads').attach('file', PNG, 'pixel.png');
    expect(uploaded.status).toBe(201);
  });
});
