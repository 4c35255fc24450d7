import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/**
 * Every page a journey visits is checked with axe: a test may check at a moment it chooses
 * (`accessibility.check()`, e.g. with a dialog open); any visited path not checked by the end is
 * opened again and checked then, unless this worker has already checked that page. Serious or critical violations fail the test.
 */
type Accessibility = { check: (label?: string) => Promise<void> };

async function assertAccessible(page: Page, label: string) {
  // Legacy mode runs axe in the page itself: the default also opens a blank page to merge the
  // results of each frame, which doubles the time of every check, and the app has no frames.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
 * The pages this worker has checked, by who was signed in and the path: a later test that only
 * passes through the same page is not made to open it again (a worker runs one project, so one
 * viewport). A check a test asks for always runs.
 */
const checkedByWorker = new Set<string>();

export const test = base.extend<{ accessibility: Accessibility }>({
  accessibility: [
    async ({ page }, use) => {
      const visited = new Set<string>();
      const checked = new Set<string>();
      const pathOf = (url: string) => new URL(url).pathname;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().startsWith('http'))
          visited.add(pathOf(frame.url()));
      });
      // Who the page is showing itself to: the session's account type, or a guest.
      const viewer = async () => {
        const answer = await page.request.get('/api/user');
        return answer.ok() ? ((await answer.json()) as { type: string }).type : 'guest';
      };
      const check = async (label?: string) => {
        await page.waitForLoadState('networkidle');
        const path = pathOf(page.url());
        await assertAccessible(page, label ?? path);
        checked.add(path);
        checkedByWorker.add(`${await viewer()} ${path}`);
      };
      await use({ check });
      const unchecked = [...visited].filter((path) => !checked.has(path));
      if (unchecked.length === 0) return;
      const who = await viewer();
      for (const path of unchecked) {
        if (checkedByWorker.has(`${who} ${path}`)) continue;
        await page.goto(path);
        await check(`${path} (revisited)`);
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
