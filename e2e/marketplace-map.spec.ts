import { expect, test, uniqueName } from './fixtures';
import { addFundsThroughApi, createBostonPinThroughApi, registerThroughApi } from './journeys';

// The consumer stands in downtown Boston. The browser knows where, but the site has not been
// allowed to ask yet: the journey allows it when the consumer clicks 'Use my location'.
test.use({ geolocation: { latitude: 42.3601, longitude: -71.0589 } });

test('a consumer shares the location, finds an offer on the map and claims it', async ({
  page,
  context,
  request,
  accessibility,
}) => {
  const tag = uniqueName('mapoffer');
  await registerThroughApi(request, uniqueName('mapcafe'), {
    type: 'business',
    name: 'Map Street Cafe',
  });
  await addFundsThroughApi(request, 20);
  await createBostonPinThroughApi(request, { value: 10, promotionMessage: `${tag} latte` });

  await registerThroughApi(page.request, uniqueName('walker'), {
    type: 'consumer',
    name: 'Wren Walker',
    phoneNumber: '(617) 555-0142',
    brands: ['starbucks'],
    identifiers: [1],
  });
  await page.goto('/marketplace');
  await expect(page.getByRole('heading', { name: 'Pin Marketplace' })).toBeVisible();
  // Nothing is asked on load: offers everywhere, and a button to ask.
  await expect(page.getByText('Showing offers everywhere', { exact: true })).toBeVisible();
  await context.grantPermissions(['geolocation']);
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(page.getByText('Showing offers near you')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search offers' }).fill(tag);
  await page.getByRole('tab', { name: 'Map' }).click();
  await expect(page.getByRole('region', { name: 'Map of offers' })).toBeVisible();
  await expect(page.getByText('Showing 1 of 1 offer')).toBeVisible();
  const marker = page.getByTitle(/ at .*, Boston, MA$/);
  await expect(marker).toHaveCount(1);
  await marker.click();

  const offer = page.getByRole('region', { name: 'Selected offer' }).getByRole('article');
  await expect(offer).toContainText(`${tag} latte`);
  await expect(offer).toContainText('mi away');
  await accessibility.check('/marketplace map');

  await offer.getByRole('button', { name: 'Claim' }).click();
  const dialog = page.getByRole('dialog', { name: /^Claim / });
  await expect(dialog.getByText('Map Street Cafe will receive:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Claim' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Gift card claimed', { exact: true })).toBeVisible();
  // Claimed, it is no longer on offer to this consumer: the refreshed map leaves it out.
  await expect(marker).toHaveCount(0);

  await page.goto('/wallet');
  const cards = page.getByRole('list', { name: 'Your gift cards' });
  await expect(cards.getByRole('listitem')).toHaveCount(1);
  await expect(cards.getByRole('listitem')).toContainText('$10.00');
});
