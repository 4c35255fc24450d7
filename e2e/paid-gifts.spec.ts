import { type Locator, type Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn } from './journeys';

/** A card expiry two years ahead, as the card form takes it (MM/YY). */
const expiry = () => `12/${String((new Date().getUTCFullYear() + 2) % 100)}`;

/** The gift's first step on a profile: brand, amount, the guest's e-mail, 'Send Gift Card'. */
async function startGift(page: Page, username: string, amount: string): Promise<Locator> {
  await page.goto(`/u/${username}`);
  await page.getByRole('button', { name: 'Send a Gift' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a Gift Card to ${username}` });
  await dialog.getByRole('button', { name: 'Dunkin' }).click();
  await dialog.getByLabel('Amount ($)').fill(amount);
  await dialog.getByLabel('Your Email').fill('uncle.joe@example.com');
  await dialog.getByRole('button', { name: 'Send Gift Card' }).click();
  return dialog;
}

/** The payment step: a card typed in. */
async function enterCard(dialog: Locator, number: string) {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(expiry());
  await dialog.getByLabel('CVC').fill('123');
}

async function registerRecipient(
  request: Parameters<typeof registerThroughApi>[0],
  name: string,
): Promise<string> {
  const username = uniqueName('rosa');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name,
    phoneNumber: '(617) 555-0120',
    brands: ['dunkin', 'starbucks'],
    identifiers: [1],
  });
  return username;
}

test('a guest pays for a gift card with the test card, and the recipient sees it arrive', async ({
  page,
  request,
  browser,
  accessibility,
}, testInfo) => {
  const username = await registerRecipient(request, 'Rosa Diaz');

  // The recipient, signed in on a browser of their own (the same kind of device).
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
    testInfo.project.use;
  const recipientContext = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  });
  try {
    const recipient = await recipientContext.newPage();
    await signIn(recipient, username);

    // The guest: the gift, then its payment in the same dialog.
    const dialog = await startGift(page, username, '20');
    const pay = dialog.getByRole('button', { name: 'Pay $20.00' });
    await expect(pay).toBeVisible();
    await expect(dialog.getByText('$20.00 Dunkin gift card for @' + username)).toBeVisible();
    await expect(dialog.getByText('Test mode')).toBeVisible();
    await expect(dialog.getByText('4242 4242 4242 4242')).toBeVisible();
    await accessibility.check(`/u/${username} gift payment step`);
    await enterCard(dialog, '4242 4242 4242 4242');
    await dialog.getByLabel('Message (optional)').fill('Happy birthday, Rosa!');
    await pay.click();

    await expect(page.getByText('Success!', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`Your gift card has been sent to ${username}`, { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // The recipient is told at once, with the message, and finds the card in the wallet.
    await expect(
      recipient.getByText(
        'You received a $20.00 gift card from uncle.joe (not verified): "Happy birthday, Rosa!"',
        { exact: true },
      ),
    ).toBeVisible();
    await recipient.goto('/wallet');
    const cards = recipient.getByRole('list', { name: 'Your gift cards' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards.getByRole('listitem')).toContainText('From uncle.joe (not verified)');
    await expect(cards.getByRole('listitem')).toContainText('$20.00');
  } finally {
    await recipientContext.close();
  }
});

test("a declined card keeps the dialog open with 'Your card was declined', and nothing is sent", async ({
  page,
  request,
  accessibility,
}) => {
  const username = await registerRecipient(request, 'Rosa Declined');

  const dialog = await startGift(page, username, '15');
  await enterCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Pay $15.00' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Your card was declined');
  await expect(alert).toBeFocused();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay $15.00' })).toBeEnabled();
  await accessibility.check(`/u/${username} declined payment`);

  // Back to the gift, as it was typed.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('15');

  // The recipient received nothing.
  await signIn(page, username);
  await page.goto('/wallet');
  await expect(page.getByText("You don't have any gift cards yet.")).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your gift cards' })).toHaveCount(0);
});
