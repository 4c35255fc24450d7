import { expect, test, uniqueName } from './fixtures';
import {
  addFundsThroughApi,
  createBostonPinThroughApi,
  registerThroughApi,
  signIn,
} from './journeys';

test('a business pauses a pin (consumers no longer find it), resumes it, adds cards and extends it', async ({
  page,
  request,
  browser,
  playwright,
  accessibility,
}) => {
  const business = uniqueName('pauser');
  const consumer = uniqueName('seeker');
  const offer = `Paused coffee ${business}`;
  await registerThroughApi(request, business, { type: 'business', name: 'Pause Roasters' });
  await addFundsThroughApi(request, 100);
  await createBostonPinThroughApi(request, { value: 10, quantity: 2, promotionMessage: offer });

  // The consumer, in a browser of their own.
  const baseURL = test.info().project.use.baseURL;
  const consumerRequest = await playwright.request.newContext({ baseURL });
  await registerThroughApi(consumerRequest, consumer, {
    type: 'consumer',
    name: 'Sam Seeker',
    phoneNumber: '(617) 555-0161',
    brands: ['starbucks'],
    identifiers: [1],
  });
  await consumerRequest.dispose();
  const consumerContext = await browser.newContext({ baseURL });
  const consumerPage = await consumerContext.newPage();
  await signIn(consumerPage, consumer);
  const searchOffers = async () => {
    await consumerPage.goto('/marketplace');
    await consumerPage.getByRole('searchbox', { name: 'Search offers' }).fill(offer);
  };

  // The business pauses its pin from the dashboard.
  await signIn(page, business);
  const pin = page.getByRole('list', { name: 'Active pins' }).getByRole('listitem').filter({
    hasText: offer,
  });
  await expect(pin).toContainText('Claimed0/2');
  await expect(pin).toContainText('Active');
  await pin.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Pin paused', { exact: true })).toBeVisible();
  await expect(pin).toContainText('Paused');

  await searchOffers();
  await expect(
    consumerPage.getByText('No offers match your search or brand filter.'),
  ).toBeVisible();

  // Resumed, it is on offer again.
  await pin.getByRole('button', { name: 'Resume' }).click();
  await expect(page.getByText('Pin resumed', { exact: true })).toBeVisible();
  await searchOffers();
  await expect(consumerPage.getByRole('article').filter({ hasText: offer })).toBeVisible();
  await consumerContext.close();

  // Three more cards: $30 from the $80 left in the wallet.
  await pin.getByRole('button', { name: 'Add cards' }).click();
  const addCards = page.getByRole('dialog', { name: 'Add cards' });
  await addCards.getByLabel('Cards to add').fill('3');
  await expect(addCards).toContainText('3 × $10.00 = $30.00');
  await expect(addCards).toContainText('$80.00');
  await addCards.getByRole('button', { name: 'Add Cards' }).click();
  await expect(addCards).toBeHidden();
  await expect(pin).toContainText('Claimed0/5');
  await expect(page.getByRole('group', { name: 'Total Value' })).toContainText('$50.00');

  // Thirty more days.
  await pin.getByRole('button', { name: 'Extend' }).click();
  const extend = page.getByRole('dialog', { name: 'Extend pin' });
  await extend.getByRole('radio', { name: '30 days' }).click();
  const newExpiry = (await extend.getByText(/^New expiry: /).textContent())!.replace(
    'New expiry: ',
    '',
  );
  await accessibility.check('/ extend pin dialog');
  await extend.getByRole('button', { name: 'Extend Pin' }).click();
  await expect(extend).toBeHidden();
  await expect(pin).toContainText(`Expires ${newExpiry}`);
  // The map shows the store, named as the pin list names it.
  const map = page.getByRole('region', { name: 'Map of your pins' });
  await expect(map.getByTitle(/^Starbucks · /)).toBeVisible();
  await accessibility.check('/ dashboard with a managed pin');
});
