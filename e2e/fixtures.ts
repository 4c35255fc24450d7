import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { appendFileSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Every page a journey visits is checked with axe: a test may check at a moment it chooses
 * (`accessibility.check()`, e.g. with a dialog open); any visited page not checked by the end is
 * opened again and checked then, unless the run has already checked that page for the same kind
 * of viewer on the same viewport. Serious or critical violations fail the test.
 */
type Accessibility = { check: (label?: string) => Promise<void> };

async function assertAccessible(page: Page, label: string) {
  // Legacy mode runs axe in the page itself: the default also opens a blank page to merge the
  // results of each frame, which doubles the time of every check, and the app has no frames.
  // Only violations are read, so axe is asked to report only them in full: it still runs every
  // rule on every element, but does not build a selector for each of the thousands of elements
  // that pass (a third to a half of a check's time).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  const blocking = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = blocking.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n    ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  );
  expect(report, `accessibility violations on ${label}`).toEqual([]);
}

/**
 * A page as the end-of-test check knows it: its path with the names the journeys make
 * (`uniqueName`: a word, `_` and six hex digits) and numeric ids in place of themselves, so that
 * `/u/rosa_1a2b3c` and `/u/sam_4d5e6f` are one page (a profile), while `/u/nobody_by_this_name`
 * (the profile that does not exist) stays a page of its own.
 */
export function pagePattern(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      /^[a-z]+_[0-9a-f]{6}$/.test(segment) ? ':name' : /^\d+$/.test(segment) ? ':id' : segment,
    )
    .join('/');
}

/**
 * The pages the run has checked, as `project viewer page`: the workers are processes of their
 * own, so they share them through a file of the run's (playwright.config.ts names it); without
 * one, each worker keeps its own. A line is written only after its check passed.
 */
const checkedPages = process.env.MARKIT_E2E_CHECKED_PAGES;
const checkedHere = new Set<string>();

function checkedInRun(key: string): boolean {
  if (checkedHere.has(key)) return true;
  if (!checkedPages) return false;
  try {
    return readFileSync(checkedPages, 'utf8').split('\n').includes(key);
  } catch {
    return false;
  }
}

function recordChecked(key: string) {
  if (checkedHere.has(key)) return;
  checkedHere.add(key);
  if (checkedPages) appendFileSync(checkedPages, `${key}\n`);
}

/** Requests that stay open while the page is idle (live notifications). */
const longLived = new Set(['eventsource', 'websocket']);
/**
 * How long the page must have had no request open before it is checked: a query that waits on
 * another's answer (the session, then the page's data) starts well within it.
 */
const QUIET_MS = 200;

export const test = base.extend<{ accessibility: Accessibility }>({
  accessibility: [
    async ({ page }, use, testInfo) => {
      const visited = new Set<string>();
      const checked = new Set<string>();
      const pathOf = (url: string) => new URL(url).pathname;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith('http'))
          visited.add(pathOf(frame.url()));
      });
      // The page's requests in flight and when one last started or ended: the check waits for
      // them to be answered (what `networkidle` waited for, without its fixed half second).
      const inFlight = new Set<Request>();
      let lastActivity = Date.now();
      const started = (request: Request) => {
        if (longLived.has(request.resourceType())) return;
        inFlight.add(request);
        lastActivity = Date.now();
      };
      const ended = (request: Request) => {
        if (inFlight.delete(request)) lastActivity = Date.now();
      };
      page.on('request', started);
      page.on('requestfinished', ended);
      page.on('requestfailed', ended);
      const settled = async () => {
        const deadline = Date.now() + 10_000;
        while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
          if (Date.now() > deadline) {
            const open = [...inFlight].map((request) => request.url()).join(', ');
            throw new Error(`the page still loading after 10 s: ${open || 'no request open'}`);
          }
          await sleep(25);
        }
      };
      // Who the page is showing itself to: the session's account type, or a guest.
      const viewer = async () => {
        const answer = await page.request.get('/api/user');
        return answer.ok() ? ((await answer.json()) as { type: string }).type : 'guest';
      };
      const keyOf = (who: string, path: string) =>
        `${testInfo.project.name} ${who} ${pagePattern(path)}`;
      const check = async (label?: string) => {
        await settled();
        const path = pathOf(page.url());
        await assertAccessible(page, label ?? path);
        checked.add(path);
        recordChecked(keyOf(await viewer(), path));
      };
      await use({ check });
      const unchecked = [...visited].filter((path) => !checked.has(path));
      if (unchecked.length === 0) return;
      const who = await viewer();
      for (const path of unchecked) {
        const key = keyOf(who, path);
        if (checkedInRun(key)) continue;
        await page.goto(path);
        // A path this viewer is sent away from (/auth once signed in) shows the page it lands
        // on: that page's check stands for it.
        const landed = pathOf(page.url());
        if (landed === path || !checkedInRun(keyOf(who, landed))) {
          await check(`${path} (revisited)`);
        }
        recordChecked(key);
      }
    },
    { auto: true },
  ],
});

export { expect };

export const PASSWORD = 'e2e-password-1';

export function uniqueName(prefix: string): string {
  return `${prefix}_${randomBytes(3).toString('hex')}`;
}

/**
 * Checks another page than the test's own (a second person's browser) with the same axe rules:
 * serious or critical violations fail the test.
 */
export const checkPageAccessibility = assertAccessible;
