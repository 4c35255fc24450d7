import { type Page } from '@playwright/test';
import { expect, test, uniqueName } from './fixtures';
import { fillCard, registerThroughApi, signIn } from './journeys';

/** Messages from the navigation: in the top bar on a desktop, under Menu on a phone. */
async function openMessagesFromNavigation(page: Page, isMobile: boolean) {
  if (isMobile) {
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page
      .getByRole('navigation', { name: 'More' })
      .getByRole('link', { name: /^Messages/ })
      .click();
  } else {
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Messages/ })
      .click();
  }
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

test('two friends chat live, see Seen and typing, and one sends a gift card from the conversation', async ({
  page,
  browser,
  playwright,
  accessibility,
}, testInfo) => {
  const ana = uniqueName('ana');
  const ben = uniqueName('ben');
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
    testInfo.project.use;

  // Two consumers who are friends (set up through the API).
  const anaRequest = await playwright.request.newContext({ baseURL });
  const benRequest = await playwright.request.newContext({ baseURL });
  for (const [context, username, name] of [
    [anaRequest, ana, 'Ana Writer'],
    [benRequest, ben, 'Ben Reader'],
  ] as const) {
    await registerThroughApi(context, username, {
      type: 'consumer',
      name,
      phoneNumber: '(617) 555-0190',
      brands: ['starbucks'],
      identifiers: [1],
    });
  }
  expect(
    (await anaRequest.post('/api/friends/request', { data: { username: ben } })).status(),
  ).toBe(201);
  const requests = (await (await benRequest.get('/api/friends/requests')).json()) as {
    id: number;
  }[];
  const accepted = await benRequest.post('/api/friends/respond', {
    data: { friendshipId: requests[0]!.id, action: 'accept' },
  });
  expect(accepted.ok()).toBe(true);
  await anaRequest.dispose();
  await benRequest.dispose();

  // Ben, on a browser of his own (the same kind of device).
  const benContext = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  });
  try {
    const benPage = await benContext.newPage();
    await signIn(benPage, ben);
    await openMessagesFromNavigation(benPage, Boolean(isMobile));
    await expect(
      benPage.getByText('No messages yet. Start a conversation from your friends list.'),
    ).toBeVisible();

    // Ana starts from the Friends page's Message button.
    await signIn(page, ana);
    await page.goto('/friends');
    await page.getByRole('link', { name: 'Message Ben Reader' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${ben}$`));
    await expect(page.getByRole('heading', { name: 'Ben Reader' })).toBeVisible();
    const anaBox = page.getByRole('textbox', { name: 'Message Ben Reader' });
    await anaBox.fill('Hi Ben! <b>not bold</b>');
    await anaBox.press('Enter');
    const anaThread = page.getByRole('list', { name: 'Messages' });
    await expect(anaThread.getByText('Hi Ben! <b>not bold</b>')).toBeVisible();
    await expect(anaThread.getByText('Sending...')).toHaveCount(0);
    await accessibility.check(`/messages/${ben}`);

    // Ben's list shows it live, unread; opening it marks it read and Ana sees 'Seen'.
    const conversation = benPage
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /Ana Writer/ });
    await expect(conversation).toContainText('Hi Ben! <b>not bold</b>', { timeout: 5000 });
    await expect(conversation).toContainText('1 unread');
    await conversation.click();
    const benThread = benPage.getByRole('list', { name: 'Messages' });
    await expect(benThread.getByText('Hi Ben! <b>not bold</b>')).toBeVisible();
    await expect(benThread.locator('b')).toHaveCount(0);
    await expect(anaThread.getByText('Seen')).toBeVisible({ timeout: 5000 });

    // Ben types: Ana sees it, then his answer arrives live.
    const benBox = benPage.getByRole('textbox', { name: 'Message Ana Writer' });
    await benBox.pressSequentially('Hey Ana', { delay: 20 });
    await expect(page.getByText('Ben Reader is typing…')).toBeVisible({ timeout: 5000 });
    await benBox.press('Enter');
    await expect(anaThread.getByText('Hey Ana')).toBeVisible({ timeout: 5000 });
    await accessibility.check(`/messages/${ana} (Ben)`);

    // Ana sends a gift card from the conversation: a new one, paid with the test card.
    await page.getByRole('button', { name: 'Send gift card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Gift' });
    await dialog.getByRole('tab', { name: 'A new card' }).click();
    await dialog.getByRole('radio', { name: 'Starbucks' }).check();
    await dialog.getByLabel('Amount ($)').fill('10');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await fillCard(dialog, '4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay $10.00' }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(anaThread.getByText(/Gift card: \$10\.00 Starbucks/i)).toBeVisible();
    await expect(benThread.getByText(/Gift card: \$10\.00 Starbucks/i)).toBeVisible({
      timeout: 5000,
    });

    await page.goto('/messages');
    await expect(
      page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Ben Reader/ }),
    ).toBeVisible();
    await accessibility.check('/messages');
  } finally {
    await benContext.close();
  }
});
