import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe('GET /api/health', () => {
  it('answers ok with the database kind', async () => {
    const response = await context.agent().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ok',
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded',
    });
  });
});

describe('security headers', () => {
  it('sends helmet headers and hides the framework', async () => {
    const response = await context.agent().get('/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('unknown paths', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await context.agent().get('/api/x');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body.message).toMatch(/No API route/);
  });

  it('answers an unknown /api write with a JSON 404 too', async () => {
    const response = await context.agent().post('/api/nothing/here').send({});
    expect(response.status).toBe(404);
    expect(response.body).toHaveProperty('message');
  });

  it('serves the client page for /api-test and other client routes', async () => {
    for (const path of ['/api-test', '/auth', '/some/client/route']) {
      const response = await context.agent().get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('<div id="root">');
    }
  });
});
