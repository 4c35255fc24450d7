import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, tileSources, type App } from '../app';
import { type Config, loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { createTestContext, type TestContext } from '../testing/test-app';

const TILES = 'https://{s}.tiles.example.org/{z}/{x}/{y}.png';
const CREDIT = '© Example Maps contributors';

let context: TestContext;
const others: App[] = [];
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  for (const app of others) await app.locals.notificationHub.close();
  await context.close();
});

/** Another instance of the app on the test's database, with some of its configuration changed. */
function appWith(changes: Partial<Config>): App {
  const app = createApp({
    config: { ...context.config, databaseUrl: context.databaseUrl, ...changes },
    database: context.database,
    logger: createLogger('silent'),
    sessionSecret: context.sessionSecret,
    client: { kind: 'static', directory: context.clientDirectory },
    jobs: context.jobs,
  });
  others.push(app);
  return app;
}

describe('GET /api/map/config', () => {
  it('answers nulls by default, for the bundled outline of the US states, with no session', async () => {
    const response = await request(context.app).get('/api/map/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tileUrl: null, attribution: null });
  });

  it('answers the configured tiles and their attribution', async () => {
    const map = loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: TILES, MAP_ATTRIBUTION: CREDIT }).map;
    const response = await request(appWith({ map })).get('/api/map/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ tileUrl: TILES, attribution: CREDIT });
  });
});

describe('map configuration', () => {
  it('refuses a tile URL without an attribution: tile providers require credit', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: TILES })).toThrow(
      'MAP_ATTRIBUTION is required with MAP_TILE_URL',
    );
  });

  it.each([
    ['http://tiles.example.org/{z}/{x}/{y}.png', 'plain http'],
    ['https://tiles.example.org/tile.png', 'no {z}/{x}/{y}'],
  ])('refuses the tile URL %s (%s)', (url) => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', MAP_TILE_URL: url, MAP_ATTRIBUTION: CREDIT }),
    ).toThrow('MAP_TILE_URL: an https URL with {z}, {x} and {y}');
  });

  it('ignores an attribution without tiles', () => {
    expect(loadConfig({ NODE_ENV: 'test', MAP_ATTRIBUTION: CREDIT }).map).toEqual({
      tileUrl: null,
      attribution: null,
    });
  });
});

describe("the production CSP's img-src", () => {
  const imgSrc = (csp: string | undefined) =>
    csp
      ?.split(';')
      .map((directive) => directive.trim())
      .find((directive) => directive.startsWith('img-src'));

  it('names the tile host, any subdomain for {s}', async () => {
    const app = appWith({ env: 'production', map: { tileUrl: TILES, attribution: CREDIT } });
    const response = await request(app).get('/api/health');
    expect(imgSrc(response.headers['content-security-policy'])).toBe(
      "img-src 'self' data: blob: https://*.tiles.example.org",
    );
  });

  it('allows no other image host when no tiles are configured', async () => {
    const app = appWith({ env: 'production' });
    const response = await request(app).get('/api/health');
    expect(imgSrc(response.headers['content-security-policy'])).toBe("img-src 'self' data: blob:");
  });

  it('takes the origin of a template without {s} as it is', () => {
    expect(tileSources('https://tile.example.net/{z}/{x}/{y}.png')).toEqual([
      'https://tile.example.net',
    ]);
    expect(tileSources(null)).toEqual([]);
  });
});
