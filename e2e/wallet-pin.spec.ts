import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { addFundsThroughApi, createBostonPinThroughApi, registerThroughApi } from './journeys';

const PIN = '482913';

test('a consumer sets a wallet PIN in Settings, and Use Card asks for it once the last proof is old', async ({
  page,
  request,
  accessibility,
}) => {
  // The journey waits out the server's step-up window (STEP_UP_MAX_AGE_SECONDS in
  // playwright.config.ts, a couple of minutes on the test server).
  test.setTimeout(240_000);

  // A business's $10 Starbucks offer, claimed by the consumer on this page.
  await registerThroughApi(request, uniqueName('pinshop'), {
    type: 'business',
    name: 'PIN Street Coffee',
  });
  await addFundsThroughApi(request, 20);
  const pinId = await createBostonPinThroughApi(request);
  await registerThroughApi(page.request, uniqueName('nora'), {
    type: 'consumer',
    name: 'Nora Keyes',
    phoneNumber: '(617) 555-0191',
    brands: ['starbucks'],
    identifiers: [1],
  });
  const claim = await page.request.post(`/api/pins/${pinId}/claim`, { data: {} });
  expect(claim.status()).toBe(201);
  // The password proves who she is now; the server says until when that lasts.
  const confirmed = await page.request.post('/api/user/confirm-identity', {
    data: { password: PASSWORD },
  });
  expect(confirmed.status()).toBe(200);
  const { confirmedUntil } = (await confirmed.json()) as { confirmedUntil: string };
  const proofEnds = Date.parse(confirmedUntil);
  expect(
    proofEnds - Date.now(),
    "the test server's step-up window must be short enough to wait out",
  ).toBeLessThan(150_000);

  // Settings: a PIN too easy to guess is refused; a good one, typed twice, is set.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Wallet PIN' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set a wallet PIN' }).click();
  const setPin = page.getByRole('dialog', { name: 'Set a wallet PIN' });
  await setPin.getByLabel('New PIN', { exact: true }).fill('123456');
  await setPin.getByLabel('Confirm new PIN').fill('123456');
  await setPin.getByRole('button', { name: 'Save PIN' }).click();
  await expect(setPin.getByText(/Choose a PIN that is harder to guess/)).toBeVisible();
  await accessibility.check('/settings set wallet PIN dialog');
  await setPin.getByLabel('New PIN', { exact: true }).fill(PIN);
  await setPin.getByLabel('Confirm new PIN').fill(PIN);
  await setPin.getByRole('button', { name: 'Save PIN' }).click();
  await expect(page.getByText('Wallet PIN set', { exact: true })).toBeVisible();
  await expect(setPin).toBeHidden();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await accessibility.check('/settings with a wallet PIN');

  // The proof grows old: the server's window passes.
  await page.waitForTimeout(Math.max(0, proofEnds - Date.now()) + 2_000);

  // Use Card asks for the PIN in its own dialog, not the generic 'Confirm it's you'.
  await page.goto('/wallet');
  const cards = page.getByRole('list', { name: 'Your gift cards' });
  await cards.getByRole('button', { name: 'Use Card' }).click();
  const useCard = page.getByRole('dialog', { name: 'Use Starbucks gift card' });
  await expect(useCard.getByRole('heading', { name: 'Enter your wallet PIN' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toHaveCount(0);
  await expect(useCard.getByRole('img', { name: /^QR code for the cashier/ })).toHaveCount(0);
  await expect(useCard.getByRole('button', { name: 'Use your password instead' })).toBeVisible();
  await accessibility.check('/wallet use card asks for the PIN');

  await useCard.getByLabel('Wallet PIN', { exact: true }).fill('000000');
  await useCard.getByRole('button', { name: 'Show code' }).click();
  await expect(useCard.getByText('Wrong PIN. 4 tries left.')).toBeVisible();
  await useCard.getByLabel('Wallet PIN', { exact: true }).fill(PIN);
  await useCard.getByRole('button', { name: 'Show code' }).click();

  await expect(useCard.getByRole('img', { name: /^QR code for the cashier: / })).toBeVisible();
  await expect(useCard.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/)).toBeVisible();
  await expect(useCard.getByText(/^New code in \d+s$/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: "Confirm it's you" })).toHaveCount(0);
});
