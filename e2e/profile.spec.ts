import { expect, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn } from './journeys';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a guest sends a gift card from a public profile, and the recipient finds it', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('rosa');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Rosa Diaz',
    phoneNumber: '(617) 555-0120',
    brands: ['dunkin', 'starbucks'],
    identifiers: [1],
  });
  // The registration signed `request` in; the page itself is a signed-out visitor.

  await page.goto(`/u/${username}`);
  await expect(page.getByRole('heading', { name: 'Rosa Diaz' })).toBeVisible();
  await expect(page.getByText(`@${username}`).first()).toBeVisible();
  await expect(page.getByText('Scan to Connect!').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Follow' })).toHaveAttribute('href', '/auth');
  await accessibility.check(`/u/${username}`);

  // Copy link: 'Copied' for two seconds, then back.
  const copy = page.getByRole('button', { name: 'Copy Link' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/u/${username}$`),
  );
  await expect(page.getByRole('button', { name: 'Copy Link' })).toBeVisible({ timeout: 4000 });

  // The guest gift.
  await page.getByRole('button', { name: 'Send a Gift' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a Gift Card to ${username}` });
  const send = dialog.getByRole('button', { name: 'Send Gift Card' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('button', { name: 'Dunkin' }).click();
  await dialog.getByLabel('Amount ($)').fill('20');
  await dialog.getByLabel('Your Email').fill('uncle.joe@example.com');
  await accessibility.check(`/u/${username} gift dialog`);
  await send.click();
  // Then its payment, with the test card.
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 2) % 100}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Pay $20.00' }).click();
  await expect(page.getByText('Success!', { exact: true })).toBeVisible();
  await expect(
    page.getByText(`Your gift card has been sent to ${username}`, { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The recipient finds it in the wallet.
  await signIn(page, username);
  await page.goto('/wallet');
  const cards = page.getByRole('list', { name: 'Your gift cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem')).toContainText('From uncle.joe');
  await expect(cards.getByRole('listitem')).toContainText('$20.00');
});

test("a business profile's Send a Gift has no brands to choose and cannot be sent", async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('shop');
  await registerThroughApi(request, username, { type: 'business', name: 'Harbor Books' });

  await page.goto(`/u/${username}`);
  await expect(page.getByRole('heading', { name: 'Harbor Books' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a Gift' }).click();
  const dialog = page.getByRole('dialog', { name: `Send a Gift Card to ${username}` });
  await expect(dialog.getByText("This user hasn't set their brand preferences yet.")).toBeVisible();
  await dialog.getByLabel('Amount ($)').fill('20');
  await dialog.getByLabel('Your Email').fill('uncle.joe@example.com');
  await expect(dialog.getByRole('button', { name: 'Send Gift Card' })).toBeDisabled();
  await accessibility.check(`/u/${username} gift dialog`);
});

test('every button of the Share dialog shows its whole label', async ({ page, request }) => {
  const username = uniqueName('sam');
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Sam Okafor',
    phoneNumber: '(617) 555-0144',
    brands: ['walmart'],
    identifiers: [1],
  });

  await page.goto(`/u/${username}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Profile' });
  const buttons = dialog.getByRole('button', {
    name: /^(Share via device|Copy Link|QR Code|Twitter|Facebook|WhatsApp|Instagram)$/,
  });
  await expect(buttons).toHaveCount(7);
  // A clipped label overflows its button (the buttons do not wrap their text).
  for (const button of await buttons.all()) {
    await expect(button).toBeVisible();
    const fits = await button.evaluate(
      (element) =>
        element.scrollWidth <= element.clientWidth &&
        element.getBoundingClientRect().right <=
          (element.closest('[role="dialog"]')?.getBoundingClientRect().right ?? Infinity),
    );
    expect(fits, `${await button.textContent()} fits its button`).toBe(true);
  }
});

test("a profile that doesn't exist says so, with a way home", async ({ page }) => {
  await page.goto('/u/nobody_by_this_name');
  await expect(page.getByRole('heading', { name: 'Profile Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});
