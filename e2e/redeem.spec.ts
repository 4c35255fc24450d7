import { type Page } from '@playwright/test';
import { checkPageAccessibility, expect, test, uniqueName } from './fixtures';
import { addFundsThroughApi, registerThroughApi } from './journeys';

/** Opens Redeem from the navigation: in the top bar, or under Menu on a phone. */
async function openRedeem(page: Page, isMobile: boolean | undefined) {
  await page.goto('/');
  if (isMobile) {
    // Its name carries the unread count once the business has notifications ('Menu 2 unread').
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page
      .getByRole('navigation', { name: 'More' })
      .getByRole('link', { name: 'Redeem' })
      .click();
  } else {
    await page.getByRole('link', { name: 'Redeem', exact: true }).click();
  }
  await expect(page.getByRole('heading', { name: 'Redeem a Gift Card', level: 1 })).toBeVisible();
}

test("a business redeems a consumer's card by its typed code while the consumer's wallet updates", async ({
  page,
  browser,
  accessibility,
}, testInfo) => {
  // The business, on this page: funds, and a $10 Starbucks pin in Boston.
  await registerThroughApi(page.request, uniqueName('counter'), {
    type: 'business',
    name: 'Counter Coffee',
  });
  await addFundsThroughApi(page.request, 50);
  const stores = await page.request.get(
    '/api/locations/stores?brand=starbucks&state=MA&city=Boston',
  );
  const [store] = (await stores.json()) as Array<{
    value: number;
    label: string;
    details: { coordinates: { lat: number; lng: number } };
  }>;
  const pin = await page.request.post('/api/pins', {
    data: {
      brand: 'starbucks',
      value: 10,
      quantity: 1,
      radius: 5,
      locationId: Number(store!.value),
      lat: store!.details.coordinates.lat,
      lng: store!.details.coordinates.lng,
      promotionMessage: '',
      targetIdentifiers: [],
    },
  });
  expect(pin.status()).toBe(201);
  const pinId = ((await pin.json()) as { id: number }).id;

  // The consumer, on a device of their own (the same kind), holding the card from that pin.
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
    testInfo.project.use;
  const consumerContext = await browser.newContext({
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    baseURL,
  });
  try {
    const consumer = await consumerContext.newPage();
    await registerThroughApi(consumer.request, uniqueName('liam'), {
      type: 'consumer',
      name: 'Liam Carter',
      phoneNumber: '(312) 555-0178',
      brands: ['starbucks'],
      identifiers: [1],
    });
    const claim = await consumer.request.post(`/api/pins/${pinId}/claim`, { data: {} });
    expect(claim.status()).toBe(201);

    // Use Card: the code and QR for the cashier, with the card's details.
    await consumer.goto('/wallet');
    const cards = consumer.getByRole('list', { name: 'Your gift cards' });
    await expect(cards.getByRole('listitem')).toContainText('$10.00');
    await cards.getByRole('button', { name: 'Use Card' }).click();
    const useCard = consumer.getByRole('dialog', { name: 'Use Starbucks gift card' });
    const codeText = useCard.getByText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    await expect(codeText).toBeVisible();
    await expect(useCard.getByRole('img', { name: /^QR code for the cashier: / })).toBeVisible();
    await expect(useCard.getByText('Promotional')).toBeVisible();
    await expect(useCard.getByText(/^New code in \d+s$/)).toBeVisible();
    await checkPageAccessibility(consumer, 'Use Card dialog');
    const code = (await codeText.textContent())!;

    // The cashier types the code, checks the card and takes $4.25.
    await openRedeem(page, isMobile);
    await page.getByLabel('Card code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Find Card' }).click();
    await expect(page.getByRole('heading', { name: /Starbucks gift card/ })).toBeVisible();
    await expect(page.getByText('Liam', { exact: true })).toBeVisible();
    await expect(page.getByText('$10.00', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Store')).toHaveValue(String(store!.value));
    await accessibility.check('/redeem with a card');
    await page.getByLabel('Amount ($)').fill('4.25');
    await page.getByRole('button', { name: 'Redeem $4.25' }).click();
    const confirm = page.getByRole('dialog', { name: 'Redeem this card?' });
    await expect(confirm).toContainText(
      "Take $4.25 from Liam's Starbucks gift card. It keeps $5.75.",
    );
    await confirm.getByRole('button', { name: 'Redeem $4.25' }).click();
    await expect(page.getByRole('heading', { name: 'Card redeemed' })).toBeVisible();
    await expect(page.getByText('$5.75', { exact: true })).toBeVisible();
    await accessibility.check('/redeem done');

    // The consumer sees it at once: the open card shows the new balance, and so does the wallet.
    await expect(
      useCard.getByText('$4.25 spent at the counter. Remaining balance $5.75.'),
    ).toBeVisible();
    await useCard.getByRole('button', { name: 'Close' }).first().click();
    await expect(cards.getByRole('listitem')).toContainText('$5.75');

    // The code worked once: typed again, it is refused and nothing moves.
    await page.getByRole('button', { name: 'Redeem Another Card' }).click();
    await page.getByLabel('Card code').fill(code);
    await page.getByRole('button', { name: 'Find Card' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This code has already been used. Ask the customer to show the card again for a new code.',
    );
  } finally {
    await consumerContext.close();
  }
});
