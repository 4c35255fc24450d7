import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';
import { type FirstRouteData } from '@shared/first-route';
import { createLogger } from './logger';

/** A built client as Vite leaves it: index.html with the entry, and the manifest. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>mark.it</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_shared-1.js'] },
  'src/features/profile/pages/profile-page.tsx': {
    file: 'assets/profile-page-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js', '_card-1.js', 'index.html'],
  },
  'src/features/auth/pages/auth-page.tsx': {
    file: 'assets/auth-page-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js', 'index.html'],
  },
};

let context: TestContext;
let app: App;
let clientDirectory: string;
const input = consumerInput({ name: 'Robin <script>alert(1)</script> Page' });

beforeAll(async () => {
  context = await createTestContext();
  clientDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-first-route-'));
  fs.writeFileSync(path.join(clientDirectory, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(clientDirectory, '.vite'));
  fs.writeFileSync(path.join(clientDirectory, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  // The production app: its CSP is the one the page is served with.
  app = createApp({
    config: { ...context.config, env: 'production', databaseUrl: context.databaseUrl },
    database: context.database,
    logger: createLogger('silent'),
    sessionSecret: context.sessionSecret,
    client: { kind: 'static', directory: clientDirectory },
    jobs: context.jobs,
  });
  await registerAs(context.agent(), input);
});
afterAll(async () => {
  await app.locals.notificationHub.close();
  await context.close();
  fs.rmSync(clientDirectory, { recursive: true, force: true });
});

/** The JSON of the page's data block, or null without one. */
function dataBlockOf(html: string): unknown {
  const match = /<script type="application\/json" id="first-route-data">([^<]*)<\/script>/.exec(
    html,
  );
  return match?.[1] === undefined ? null : JSON.parse(match[1]);
}

const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1],
  );

describe('the HTML of a guest’s first page', () => {
  it('sends a public profile’s code and data with the page, and keeps the CSP strict', async () => {
    const response = await request(app).get(`/u/${input.username}`);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    // The page's chunks the entry does not bring already, each once (shared-1 is index.html's).
    expect(modulepreloads(response.text)).toEqual([
      '/assets/shared-1.js',
      '/assets/profile-page-1.js',
      '/assets/card-1.js',
    ]);
    expect(dataBlockOf(response.text)).toEqual({
      signedIn: false,
      profile: {
        name: input.name,
        username: input.username,
        profilePicture: null,
        verified: false,
        friendsCount: 0,
        brands: expect.any(Array),
        type: 'consumer',
      },
    });
    // The name's markup never reaches the HTML as markup, and nothing private is sent.
    expect(response.text).not.toContain('<script>alert(1)');
    expect(response.text).not.toContain(input.email);
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|nonce-|sha256-)/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('finds the profile in any letter case, as the API does', async () => {
    const response = await request(app).get(`/u/${input.username.toUpperCase()}`);
    expect(dataBlockOf(response.text)).toMatchObject({ profile: { username: input.username } });
  });

  it('sends no profile for a username nobody has, only the page’s code', async () => {
    for (const name of ['nobody_here_at_all', '%E0%A4%A', "o'hara", 'a%3Cb']) {
      const response = await request(app).get(`/u/${name}`);
      expect(response.status).toBe(200);
      expect(dataBlockOf(response.text)).toEqual({ signedIn: false });
      expect(modulepreloads(response.text)).toContain('/assets/profile-page-1.js');
    }
  });

  it('says nobody is signed in only when the request has no session cookie', async () => {
    const withCookie = await request(app)
      .get(`/u/${input.username}`)
      .set('Cookie', 'markit.sid=s%3Aanything');
    expect(dataBlockOf(withCookie.text)).toEqual({ profile: expect.anything() });
    const authWithCookie = await request(app).get('/auth').set('Cookie', 'markit.sid=s%3Ax');
    expect(dataBlockOf(authWithCookie.text)).toBeNull();
    expect(authWithCookie.text).not.toContain('first-route-data');
  });

  it('sends the sign-in page’s code with /auth, and index.html as built elsewhere', async () => {
    const auth = await request(app).get('/auth');
    expect(modulepreloads(auth.text)).toEqual(['/assets/shared-1.js', '/assets/auth-page-1.js']);
    expect(dataBlockOf(auth.text)).toEqual({ signedIn: false });
    const other = await request(app).get('/marketplace');
    expect(other.text).toBe(INDEX_HTML);
  });
});

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Stands in for the app's renderer (client/src/render-first-route.tsx, which the client's tests
 * render and hydrate): like React, it writes a page's title first.
 */
async function fakeRender(pathname: string, data: FirstRouteData): Promise<string> {
  if (!data.profile) return `<main><h1>Welcome to mark.it</h1><p>${pathname}</p></main>`;
  const name = escapeHtml(data.profile.name);
  return `<title>${name} (@${data.profile.username}) · mark.it</title><main><h1>${name}</h1></main>`;
}

describe('the guest’s first page rendered into its HTML', () => {
  let rendering: App;
  let renders = 0;
  let failing = false;
  beforeAll(() => {
    rendering = createApp({
      config: { ...context.config, env: 'production', databaseUrl: context.databaseUrl },
      database: context.database,
      logger: createLogger('silent'),
      sessionSecret: context.sessionSecret,
      client: {
        kind: 'static',
        directory: clientDirectory,
        render: async (pathname, data) => {
          renders += 1;
          if (failing) throw new Error('the renderer broke');
          return fakeRender(pathname, data);
        },
      },
      jobs: context.jobs,
    });
  });
  afterAll(async () => {
    await rendering.locals.notificationHub.close();
  });

  /** What the HTML holds in the app's root element. */
  const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1];

  it('sends the sign-in page as it first shows, rendered once for every visitor', async () => {
    const before = renders;
    const first = await request(rendering).get('/auth');
    const second = await request(rendering).get('/auth');
    expect(first.status).toBe(200);
    expect(rootOf(first.text)).toBe('<main><h1>Welcome to mark.it</h1><p>/auth</p></main>');
    expect(second.text).toBe(first.text);
    expect(renders - before).toBe(1);
    // The code and the data still come with it: the browser hydrates the page from them.
    expect(modulepreloads(first.text)).toEqual(['/assets/shared-1.js', '/assets/auth-page-1.js']);
    expect(dataBlockOf(first.text)).toEqual({ signedIn: false });
  });

  it('sends a profile rendered into the page, with the page’s title as the document’s', async () => {
    const response = await request(rendering).get(`/u/${input.username}`);
    const escapedName = 'Robin &lt;script&gt;alert(1)&lt;/script&gt; Page';
    expect(rootOf(response.text)).toBe(`<main><h1>${escapedName}</h1></main>`);
    expect(response.text).toContain(`<title>${escapedName} (@${input.username}) · mark.it</title>`);
    expect(response.text.match(/<title>/g)).toHaveLength(1);
    expect(response.text).not.toContain('<script>alert(1)');
    expect(dataBlockOf(response.text)).toMatchObject({ profile: { username: input.username } });
  });

  it('leaves the page to the browser for a visitor with a session, and for an unknown profile', async () => {
    const withCookie = await request(rendering)
      .get(`/u/${input.username}`)
      .set('Cookie', 'markit.sid=s%3Aanything');
    expect(rootOf(withCookie.text)).toBe('');
    const authWithCookie = await request(rendering).get('/auth').set('Cookie', 'markit.sid=s%3Ax');
    expect(rootOf(authWithCookie.text)).toBe('');
    const unknown = await request(rendering).get('/u/nobody_here_at_all');
    expect(rootOf(unknown.text)).toBe('');
  });

  it('still sends the page, for the browser to render, when rendering fails', async () => {
    failing = true;
    try {
      const response = await request(rendering).get(`/u/${input.username}`);
      expect(response.status).toBe(200);
      expect(rootOf(response.text)).toBe('');
      expect(dataBlockOf(response.text)).toMatchObject({ profile: { username: input.username } });
    } finally {
      failing = false;
    }
  });
});
