import fs from 'node:fs/promises';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn } from './journeys';

test('a consumer downloads their data, then deletes the account and can no longer sign in', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('leaving');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Leaving Lee',
    phoneNumber: '(555) 404-1010',
    brands: ['starbucks'],
    identifiers: [],
  });
  await signIn(page, username);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();

  // The download is a JSON file of the account's own data.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^markit-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await fs.readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ username, name: 'Leaving Lee' });

  await section.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await accessibility.check('/settings delete account dialog');
  await dialog.getByLabel('Password', { exact: true }).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your account has been deleted.', { exact: true })).toBeVisible();
  // The session the registration opened has ended too.
  expect((await request.get('/api/user')).status()).toBe(401);

  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid email, username or password').first()).toBeVisible();
  expect((await request.get(`/api/user/profile/${username}`)).status()).toBe(404);
});
