import { type Locator, type Page } from '@playwright/test';
import { expect, PASSWORD, test, uniqueName } from './fixtures';
import {
  chooseBostonStarbucks,
  fillCard,
  fillDetails,
  registerThroughApi,
  signIn,
  signOut,
} from './journeys';

// The consumer stands in downtown Boston; the pins are on a Boston Starbucks with a 25-mile radius.
test.use({
  geolocation: { latitude: 42.3601, longitude: -71.0589 },
  permissions: ['geolocation'],
});

async function createPin(page: Page, value: string, message: string) {
  await page.getByRole('button', { name: 'Create Pin' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Pin' });
  await chooseBostonStarbucks(page);
  await fillDetails(page, value, '2', '25');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Step 3 of 5')).toBeVisible();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByLabel('Promotion Message').fill(message);
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Step 5 of 5')).toBeVisible();
  await wizard.getByRole('button', { name: 'Create Pin' }).click();
  await expect(wizard).toBeHidden();
}

/**
 * Finds the pin with `message` on /marketplace and claims it, confirming in the dialog that says
 * what the business will receive; `beforeConfirming` looks at (or changes) the dialog first.
 */
async function claimFromMarketplace(
  page: Page,
  message: string,
  beforeConfirming?: (dialog: Locator) => Promise<void>,
) {
  await page.getByRole('searchbox', { name: 'Search offers' }).fill(message);
  const card = page.getByRole('article').filter({ hasText: message });
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: 'Claim' }).click();
  const dialog = page.getByRole('dialog', { name: /^Claim / });
  await expect(dialog.getByText('Journey Roasters will receive:')).toBeVisible();
  await beforeConfirming?.(dialog);
  await dialog.getByRole('button', { name: 'Claim' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Gift card claimed', { exact: true })).toBeVisible();
}

test('a consumer claims pins, uses one, gives one to a friend and tops the leaderboard', async ({
  page,
  request,
  playwright,
  accessibility,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = uniqueName('offer');
  const business = uniqueName('roaster');
  const giver = uniqueName('giver');
  const friend = uniqueName('friend');
  for (const [username, data] of [
    [business, { type: 'business', name: 'Journey Roasters' }],
    [
      giver,
      {
        type: 'consumer',
        name: 'Gina Giver',
        phoneNumber: '(617) 555-0100',
        brands: ['starbucks'],
        identifiers: [1],
      },
    ],
    [
      friend,
      {
        type: 'consumer',
        name: 'Frankie Friend',
        phoneNumber: '(617) 555-0101',
        brands: ['dunkin'],
        identifiers: [2],
      },
    ],
  ] as const) {
    await registerThroughApi(request, username, data);
  }

  // The business funds its wallet and puts two offers on a Boston Starbucks.
  await signIn(page, business);
  await page.goto('/wallet');
  await page.getByRole('button', { name: 'Add Funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
  await addFunds.getByLabel('Amount ($)').fill('100');
  await fillCard(addFunds, '4242 4242 4242 4242');
  await addFunds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(addFunds).toBeHidden();
  await page.goto('/');
  await createPin(page, '10', `${tag} coffee`);
  await createPin(page, '15', `${tag} treats`);
  await signOut(page);

  // The consumer finds both near them on the marketplace and claims them.
  await signIn(page, giver);
  await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Pin Marketplace' })).toBeVisible();
  await expect(page.getByText('Showing offers near you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'All Brands' })).toBeVisible();
  await accessibility.check('/marketplace');
  // The first claim gives the business the phone too, ticked on purpose; the second does not.
  await claimFromMarketplace(page, `${tag} coffee`, async (dialog) => {
    await expect(dialog).toContainText('Gina Giver');
    await expect(dialog).toContainText(`${giver}@example.com`);
    const share = dialog.getByRole('checkbox', { name: 'Share my phone number' });
    await expect(share).not.toBeChecked();
    await expect(dialog).toContainText('Not shared');
    await share.check();
    await expect(dialog).not.toContainText('Not shared');
    await accessibility.check('/marketplace claim dialog');
  });
  await claimFromMarketplace(page, `${tag} treats`);

  // Both cards are in the wallet; the $10 one is spent in part at Journey Roasters' counter.
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Your Wallet' })).toBeVisible();
  await expect(page.getByText('$25.00').first()).toBeVisible();
  const cards = page.getByRole('list', { name: 'Your gift cards' });
  const coffeeCard = cards.getByRole('listitem').filter({ hasText: '$10.00' });
  await expect(coffeeCard).toContainText('From Journey Roasters');
  await expect(coffeeCard).toContainText('Expires:');
  await accessibility.check('/wallet with cards');
  await coffeeCard.getByRole('button', { name: 'Use Card' }).click();
  const useCard = page.getByRole('dialog', { name: 'Use Starbucks gift card' });
  await expect(useCard.getByRole('img', { name: /^QR code for the cashier: / })).toBeVisible();
  await accessibility.check('/wallet use card dialog');
  const code = await useCard.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/).textContent();
  // The cashier, on the business's own device, takes $4 with the code shown.
  const counter = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    const signedIn = await counter.post('/api/login', {
      data: { identifier: business, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const spent = await counter.post('/api/redemptions', { data: { code, amount: 4 } });
    expect(spent.status()).toBe(201);
  } finally {
    await counter.dispose();
  }
  await expect(
    useCard.getByText('$4.00 spent at the counter. Remaining balance $6.00.'),
  ).toBeVisible();
  await useCard.getByRole('button', { name: 'Close' }).first().click();
  await expect(useCard).toBeHidden();
  await expect(cards.getByRole('listitem').filter({ hasText: 'of $10.00' })).toContainText('$6.00');

  // The unused $15 card goes to a friend.
  await page.getByRole('button', { name: 'Send Gift' }).first().click();
  const sendGift = page.getByRole('dialog', { name: 'Send Gift' });
  await sendGift.getByRole('radio', { name: /\$15\.00/ }).check();
  const recipient = sendGift.getByRole('combobox', { name: 'Send to' });
  await recipient.fill('f');
  await expect(sendGift.getByText('Type at least 2 characters to search')).toBeVisible();
  await recipient.fill(friend);
  await sendGift.getByRole('option', { name: /Frankie Friend/ }).click();
  await accessibility.check('/wallet send gift dialog');
  await sendGift.getByRole('button', { name: 'Send Gift' }).click();
  await expect(page.getByText('Gift sent', { exact: true })).toBeVisible();
  await expect(sendGift).toBeHidden();
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await signOut(page);

  // The friend holds the card, and the giver leads the board this week and of all time.
  await signIn(page, friend);
  await page.goto('/wallet');
  const friendCards = page.getByRole('list', { name: 'Your gift cards' });
  await expect(friendCards.getByRole('listitem')).toHaveCount(1);
  await expect(friendCards.getByRole('listitem')).toContainText('From Gina Giver');
  await expect(friendCards.getByRole('listitem')).toContainText('$15.00');
  await expect(page.getByRole('region', { name: 'Gifts by month' })).toContainText(
    'You sent 0 gifts and received 1 gift in the last 12 months.',
  );

  await page.goto('/leaderboard');
  await expect(page.getByRole('heading', { name: 'Gifting Leaderboard' })).toBeVisible();
  const board = page.getByRole('table', { name: 'Leaderboard' });
  for (const period of ['This Week', 'All Time']) {
    await page.getByLabel('Period').selectOption({ label: period });
    const row = board.getByRole('row').filter({ hasText: `@${giver}` });
    await expect(row).toContainText('Gina Giver');
    await expect(row).toContainText('15');
    await expect(row.getByRole('button', { name: /Send Gift/ })).toBeVisible();
  }
  await expect(page.getByText('Top gifters of all time')).toBeVisible();
  await accessibility.check('/leaderboard');
});
