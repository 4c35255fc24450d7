import { generate } from 'otplib';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { fillCard, registerThroughApi, signIn } from './journeys';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

test('a business saves a card in Payment Settings, adds funds with it and withdraws to its bank account', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('pay');
  await registerThroughApi(request, username, { type: 'business', name: 'Paid Roasters' });
  await signIn(page, username);
  // Two-factor on through the API (its own journey covers Settings): the bank account needs it.
  const setup = await page.request.post('/api/user/two-factor/setup', {
    data: { password: PASSWORD },
  });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await page.request.post('/api/user/two-factor/enable', {
    data: { code: await codeFor(secret) },
  });
  expect(enabled.status()).toBe(200);

  // The wallet's quick action opens Payment Settings.
  await page.goto('/wallet');
  await page.getByRole('link', { name: 'Payment Settings' }).click();
  await expect(page).toHaveURL(/\/wallet\/payment-settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Settings' })).toBeVisible();
  await expect(page.getByText('No saved cards yet', { exact: false })).toBeVisible();
  await expect(page.getByText('No bank account on file', { exact: false })).toBeVisible();
  await accessibility.check('/wallet/payment-settings empty');

  // A card: its details go to the provider; the page shows its brand, last four and expiry.
  await page.getByRole('button', { name: 'Add card' }).click();
  const addCard = page.getByRole('dialog', { name: 'Add a card' });
  await fillCard(addCard, '4242 4242 4242 4242');
  await accessibility.check('/wallet/payment-settings add card');
  await addCard.getByRole('button', { name: 'Save card' }).click();
  await expect(addCard).toBeHidden();
  const cards = page.getByRole('list', { name: 'Saved cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem').first()).toContainText('Visa •••• ending 4242');
  await expect(cards.getByRole('listitem').first()).toContainText('Default');

  // The bank account withdrawals go to, confirmed with the next authentication code.
  const payout = page.getByRole('region', { name: 'Payout bank account' });
  await payout.getByRole('button', { name: 'Add bank account' }).click();
  const bank = page.getByRole('dialog', { name: 'Add bank account' });
  await bank.getByLabel('Name on the account').fill('Paid Roasters LLC');
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByLabel('Account number').fill('000123456789');
  await bank.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await accessibility.check('/wallet/payment-settings bank account');
  await bank.getByRole('button', { name: 'Save bank account' }).click();
  await expect(bank).toBeHidden();
  await expect(payout).toContainText('Paid Roasters LLC');
  await expect(payout).toContainText('ending 6789');
  await expect(payout).not.toContainText('000123456789');
  await accessibility.check('/wallet/payment-settings saved');

  // Add Funds offers the saved card first, and pays with it.
  await page.getByRole('link', { name: 'Back to Wallet' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await page.getByRole('button', { name: 'Add Funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
  const payWith = addFunds.getByRole('radiogroup', { name: 'Pay with' });
  await expect(payWith.getByRole('radio', { name: /Visa ending 4242/ })).toBeChecked();
  await expect(addFunds.getByLabel('Card number')).toBeHidden();
  await addFunds.getByLabel('Amount ($)').fill('40');
  await accessibility.check('/wallet add funds with a saved card');
  await addFunds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(addFunds).toBeHidden();
  const balance = page.getByRole('region', { name: 'Current Balance' });
  await expect(balance).toContainText('$40.00');

  // Withdraw names the account the money goes to.
  await page.getByRole('button', { name: 'Withdraw' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Withdraw' });
  await expect(withdraw.getByText('To account ending 6789', { exact: false })).toBeVisible();
  await withdraw.getByLabel('Amount ($)').fill('15');
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expect(withdraw).toBeHidden();
  await expect(balance).toContainText('$25.00');
});

test('a consumer keeps two cards, makes the newer the default and removes the other', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('payc');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Cora Card',
    phoneNumber: '(617) 555-0177',
    brands: ['starbucks'],
    identifiers: [1],
  });
  await signIn(page, username);
  await page.goto('/wallet');
  await page.getByRole('link', { name: 'Payment Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Settings' })).toBeVisible();
  // A consumer has no payouts.
  await expect(page.getByRole('region', { name: 'Payout bank account' })).toHaveCount(0);

  const cards = page.getByRole('list', { name: 'Saved cards' });
  for (const number of ['4242 4242 4242 4242', '5555 5555 5555 4444']) {
    await page.getByRole('button', { name: 'Add card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a card' });
    await fillCard(dialog, number);
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').first()).toContainText('Visa •••• ending 4242Default');

  await page.getByRole('button', { name: 'Make default: Mastercard ending 4444' }).click();
  await expect(cards.getByRole('listitem').first()).toContainText(
    'Mastercard •••• ending 4444Default',
  );

  await page.getByRole('button', { name: 'Remove Visa ending 4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this card?' });
  await accessibility.check('/wallet/payment-settings remove card');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards).toContainText('Mastercard •••• ending 4444');
});
