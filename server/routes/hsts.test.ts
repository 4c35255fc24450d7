import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';

// Two apps: one that trusts no proxy (the default), one behind a trusted proxy on loopback (the
// test's requests come from 127.0.0.1, as a proxy's would).
let direct: TestContext;
let proxied: TestContext;
beforeAll(async () => {
  direct = await createTestContext();
  proxied = await createTestContext({ trustProxy: 'loopback' });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

describe('Strict-Transport-Security', () => {
  it('is not sent over plain HTTP', async () => {
    for (const path of ['/api/health', '/auth']) {
      const response = await direct.agent().get(path);
      expect(response.status).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // The other security headers still are.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    const behindProxy = await proxied.agent().get('/api/health');
    expect(behindProxy.headers['strict-transport-security']).toBeUndefined();
    const saysHttp = await proxied.agent().get('/api/health').set('X-Forwarded-Proto', 'http');
    expect(saysHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent when an untrusted client claims X-Forwarded-Proto: https', async () => {
    const response = await direct.agent().get('/api/health').set('X-Forwarded-Proto', 'https');
    expect(response.status).toBe(200);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    for (const path of ['/api/health', '/auth']) {
      const response = await proxied.agent().get(path).set('X-Forwarded-Proto', 'https');
      expect(response.status).toBe(200);
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });
});
