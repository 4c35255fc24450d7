import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCookies } from 'cookie';
import { FIRST_ROUTE_DATA_ID, type FirstRouteData } from '@shared/first-route';
import { SESSION_COOKIE_NAME } from '../auth/session';
import { type Database } from '../db/client';
import { type Logger } from './logger';
import { getPublicProfile } from '../services/profiles/get-public-profile';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The pages a visitor who is not signed in lands on, by their source in Vite's manifest. */
const PROFILE_PAGE = 'src/features/profile/pages/profile-page.tsx';
const AUTH_PAGE = 'src/features/auth/pages/auth-page.tsx';

const PROFILE_PATH = /^\/u\/([^/]+)\/?$/;
/** A username as the server stores it; anything else is not looked up for the HTML. */
const USERNAME = /^[A-Za-z0-9_]{1,64}$/;

type Template = {
  html: string;
  manifest: Manifest | null;
  entryFiles: Set<string>;
  /** The sign-in page rendered for this build, once asked for. */
  authPage?: Promise<string>;
};

/**
 * The app's index.html for a path, with what its first page needs sent along: the page's code as
 * `modulepreload`s (the browser fetches it beside the entry instead of after it has run) and a
 * JSON data block (never executed, so the CSP stays `script-src 'self'`) with, on a public
 * profile, the profile itself and, without a session cookie, that nobody is signed in. On a slow
 * phone network each of those was one more round trip before the first paint. Other paths get
 * index.html as built. Null while there is no built client.
 */
/**
 * Renders a first route's page to HTML from the app itself (client/src/render-first-route.tsx,
 * built to dist/server/render/render-first-route.js).
 */
export type FirstRouteRenderer = (pathname: string, data: FirstRouteData) => Promise<string>;

export function createFirstRouteHtml(
  directory: string,
  db: Database,
  options: { render?: FirstRouteRenderer; logger?: Logger } = {},
) {
  const indexHtml = path.join(directory, 'index.html');
  const manifestFile = path.join(directory, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; template: Template } | null = null;

  /** index.html and the manifest, read again only when a new build replaced them. */
  function template(): Template | null {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(indexHtml).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const html = fs.readFileSync(indexHtml, 'utf8');
      const manifest = readManifest(manifestFile);
      const entry = manifest && Object.keys(manifest).find((key) => manifest[key]?.isEntry);
      const entryFiles = new Set(
        manifest && entry ? filesOf(manifest, [entry], new Set()) : ([] as string[]),
      );
      cached = { mtimeMs, template: { html, manifest, entryFiles } };
    }
    return cached.template;
  }

  /** The script files a page imports statically that index.html does not load already. */
  function pagePreloads(built: Template, page: string): string[] {
    if (!built.manifest?.[page]) return [];
    return filesOf(built.manifest, [page], new Set()).filter(
      (file) => file.endsWith('.js') && !built.entryFiles.has(file),
    );
  }

  return async function htmlFor(pathname: string, cookieHeader?: string): Promise<string | null> {
    const built = template();
    if (!built) return null;
    const links: string[] = [];
    const data: FirstRouteData = {};
    const profile = PROFILE_PATH.exec(pathname);
    if (profile?.[1]) {
      links.push(...pagePreloads(built, PROFILE_PAGE).map(modulepreload));
      const username = decodeSegment(profile[1]);
      if (username && USERNAME.test(username)) {
        const found = await getPublicProfile(db, username).catch(() => null);
        // An unknown username gets the same page as without data: the page asks and says so.
        if (found) data.profile = found;
      }
    } else if (pathname === '/auth') {
      links.push(...pagePreloads(built, AUTH_PAGE).map(modulepreload));
    }
    if (links.length === 0) return built.html;
    // The sign-in page waits for the answer to 'who is signed in' before it shows anything.
    if (!parseCookies(cookieHeader ?? '')[SESSION_COOKIE_NAME]) data.signedIn = false;
    const sent = Object.keys(data).length > 0 ? [dataBlock(data)] : [];
    const head = [...links, ...sent].join('\n    ');
    const html = built.html.replace(/\n?\s*<\/head>/, `\n    ${head}\n  </head>`);
    return withRenderedPage(html, await renderedPage(built, pathname, data));
  };

  /**
   * The page itself as HTML, for a visitor nobody can be signed in as (no session cookie): the
   * sign-in page, or a profile that was found. Who is signed in changes the page, and the server
   * does not look that up for HTML; an unknown profile is left to the page. Its fields and buttons
   * come disabled and are enabled once React has taken the page over (typing before then would be
   * reset by hydration). Null when there is no renderer (the dev server) or it failed: the browser
   * renders the page, as without one. The sign-in page is the same for every such visitor:
   * rendered once per build.
   */
  async function renderedPage(
    built: Template,
    pathname: string,
    data: FirstRouteData,
  ): Promise<string | null> {
    const { render } = options;
    if (!render || data.signedIn !== false) return null;
    if (!data.profile && pathname !== '/auth') return null;
    try {
      if (data.profile) return await render(pathname, data);
      built.authPage ??= render(pathname, data);
      return await built.authPage;
    } catch (error) {
      built.authPage = undefined;
      options.logger?.warn({ err: error, path: pathname }, 'first route not rendered');
      return null;
    }
  }
}

/**
 * The rendered page goes in the app's root element, where the browser hydrates it; a title the
 * page rendered (React writes it first) replaces the document's.
 */
function withRenderedPage(html: string, page: string | null): string {
  if (!page) return html;
  const title = /^<title>[^<]*<\/title>/.exec(page)?.[0];
  const body = title ? page.slice(title.length) : page;
  const titled = title ? html.replace(/<title>[^<]*<\/title>/, title) : html;
  return titled.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
}

function readManifest(file: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The files of chunks and of everything they import statically, each once, in load order. */
function filesOf(manifest: Manifest, keys: string[], seen: Set<string>): string[] {
  const files: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    files.push(chunk.file, ...filesOf(manifest, chunk.imports ?? [], seen));
  }
  return [...new Set(files)];
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Manifest file names are the build's own (`assets/name-hash.js`): nothing to escape. */
const modulepreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * JSON in a `type="application/json"` script is data, not code: the browser never runs it. `<`
 * is written as its JSON escape so no value can close the element early.
 */
function dataBlock(data: FirstRouteData): string {
  const json = JSON.stringify(data).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_ROUTE_DATA_ID}">${json}</script>`;
}
