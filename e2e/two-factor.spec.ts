import { generate } from 'otplib';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn, signOut } from './journeys';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test('a consumer turns on two-factor in Settings, saves the recovery codes and signs in with a code', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('tf');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Tess Factor',
    phoneNumber: '(617) 555-0199',
    brands: ['starbucks'],
    identifiers: [1],
  });
  await signIn(page, username);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();

  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  let dialog = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The app would scan the QR code; the journey types the setup key, as one can by hand.
  dialog = page.getByRole('dialog', { name: 'Scan the QR code' });
  const key = dialog.getByLabel("Can't scan it? Enter this setup key");
  const secret = (await key.innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await accessibility.check('/settings two-factor setup');
  await dialog.getByLabel('Authentication code').fill(await codeFor(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();

  dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(
    dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await accessibility.check('/settings recovery codes');
  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();

  await signOut(page);
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a recovery code instead' })).toBeVisible();
  await accessibility.check('/auth two-factor step');
  // The next step's code: the one of this step went to turning two-factor on.
  await code.fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();
});
