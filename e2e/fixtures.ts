import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

/**
 * Every page a journey visits is checked with axe: a test may check at a moment it chooses
 * (`accessibility.check()`, e.g. with a dialog open); any visited path not checked by the end is
 * opened again and checked then. Serious or critical violations fail the test.
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
      const check = async (label?: string) => {
        await page.waitForLoadState('networkidle');
        const path = pathOf(page.url());
        await assertAccessible(page, label ?? path);
        checked.add(path);
      };
      await use({ check });
      for (const path of visited) {
        if (checked.has(path)) continue;
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
