import { expect, test } from '@playwright/test';

// The reference page is Swagger UI, a third-party interface: its own accessibility is not the
// app's to check, so this journey uses Playwright's plain test (no axe fixture).
test('the API reference renders every section under the production Content-Security-Policy', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /mark\.it API/ })).toBeVisible();
  for (const section of ['Accounts', 'Gift cards', 'Wallet', 'Pins', 'Posts', 'Leads']) {
    await expect(page.getByRole('link', { name: section, exact: true })).toBeVisible();
  }
  await expect(page.getByText('/api/redemptions/lookup')).toBeVisible();
  expect(errors).toEqual([]);
});
