import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { registerThroughApi } from './journeys';

// The server under test catches its mail as .eml files in its DATA_DIR (playwright.config.ts).
const mailDirectory = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mail');

/** Waits for the reset e-mail to the address and answers the path of its link. */
async function resetLinkFor(address: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = (await fs.readdir(mailDirectory).catch(() => [] as string[])).filter((name) =>
      name.endsWith('.eml'),
    );
    for (const name of names) {
      const mail = await simpleParser(await fs.readFile(path.join(mailDirectory, name)));
      const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : mail.to?.text;
      const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text ?? '')?.[0];
      if (to?.toLowerCase().includes(address) && link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
    }
    if (Date.now() > deadline) throw new Error(`No reset e-mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('a consumer who forgot the password resets it from the e-mailed link and is signed in', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('forgot');
  const email = `${username}@example.com`;
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Forgetful Fran',
    phoneNumber: '(555) 301-2299',
    brands: ['starbucks'],
    identifiers: [],
  });

  await page.goto('/auth');
  await expect(page.getByRole('checkbox', { name: 'Keep me signed in' })).not.toBeChecked();
  await accessibility.check('/auth with Forgot password and Keep me signed in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await accessibility.check('/reset-password request');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your e-mail')).toBeVisible();

  await page.goto(await resetLinkFor(email));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await accessibility.check('/reset-password new password');
  await page.getByLabel('New password').fill(`${PASSWORD}-new`);
  await page.getByRole('button', { name: 'Set new password' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();
  await expect(page.getByText('Your password has been reset', { exact: true })).toBeVisible();
  // The session the account had before (the registration's) has ended.
  expect((await request.get('/api/user')).status()).toBe(401);
});
