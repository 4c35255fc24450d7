import { expect, test, uniqueName } from './fixtures';
import { addFundsThroughApi, registerThroughApi, signIn, signOut } from './journeys';

// The consumer stands in downtown Boston, a few miles from the pin's Boston Starbucks.
test.use({
  geolocation: { latitude: 42.3601, longitude: -71.0589 },
  permissions: ['geolocation'],
});

test('a consumer claims a pin keeping their phone; the business finds the lead without it, marks it Contacted and filters by it', async ({
  page,
  request,
  playwright,
  accessibility,
}) => {
  const business = uniqueName('shop');
  const consumer = uniqueName('cust');
  const offer = uniqueName('lead offer');
  await registerThroughApi(request, business, { type: 'business', name: 'Lead Roasters' });
  // The business (signed in on `request`) funds a pin on the first Boston Starbucks.
  await addFundsThroughApi(request, 50);
  const stores = await (
    await request.get('/api/locations/stores?brand=starbucks&state=MA&city=Boston')
  ).json();
  const pin = await request.post('/api/pins', {
    data: {
      brand: 'starbucks',
      value: 10,
      quantity: 2,
      radius: 25,
      locationId: Number(stores[0].value),
      promotionMessage: offer,
      targetIdentifiers: [],
      showBusinessInfo: true,
    },
  });
  expect(pin.status()).toBe(201);

  // The consumer (registered on a request context of their own) claims it on the marketplace,
  // keeping their phone number to themselves.
  const customer = await playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  await registerThroughApi(customer, consumer, {
    type: 'consumer',
    name: 'Casey Customer',
    phoneNumber: '(617) 555-0150',
    brands: ['starbucks'],
    identifiers: [1],
  });
  await customer.dispose();
  await signIn(page, consumer);
  await page.goto('/marketplace');
  await page.getByRole('searchbox', { name: 'Search offers' }).fill(offer);
  const card = page.getByRole('article').filter({ hasText: offer });
  await card.getByRole('button', { name: 'Claim' }).click();
  const claim = page.getByRole('dialog', { name: 'Claim $10.00 Starbucks gift card' });
  await expect(claim.getByText('Lead Roasters will receive:')).toBeVisible();
  await expect(claim).toContainText('Casey Customer');
  await expect(claim).toContainText(`${consumer}@example.com`);
  await expect(claim).toContainText('Not shared');
  await expect(claim.getByRole('checkbox', { name: 'Share my phone number' })).not.toBeChecked();
  await claim.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Gift card claimed', { exact: true })).toBeVisible();
  await signOut(page);

  await signIn(page, business);
  // The dashboard's Performance charts count the claim on today's UTC day.
  const activity = page.getByRole('region', { name: 'Claims and redemptions' });
  await expect(activity.getByText('1 claim and 0 redemptions in the last 30 days.')).toBeVisible();
  await activity.getByText('Show as table').click();
  const today = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date());
  const todayRow = activity.getByRole('row').last();
  await expect(todayRow.getByRole('rowheader')).toHaveText(today);
  await expect(todayRow.getByRole('cell')).toHaveText(['1', '0']);
  await expect(page.getByRole('region', { name: 'Top stores by claims' })).toContainText(
    'leads with 1 claim.',
  );
  await accessibility.check('/ dashboard with charts');

  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Customer Leads' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Leads' });
  const row = table.getByRole('row').filter({ hasText: 'Casey Customer' });
  await expect(row).toContainText(`${consumer}@example.com`);
  // The phone was not agreed to, so the business does not have it.
  await expect(row).toContainText('Phone not shared');
  await expect(row).not.toContainText('5550150');
  await expect(row).toContainText('New');
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await accessibility.check('/leads');

  await row.getByRole('button', { name: 'Edit Casey Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Lead' });
  await dialog.getByLabel('Status').selectOption('Contacted');
  await dialog.getByRole('button', { name: 'Save Lead' }).click();
  await expect(page.getByText('Lead updated', { exact: true })).toBeVisible();
  await expect(row).toContainText('Contacted');

  await page.getByLabel('Status').selectOption('Contacted');
  await expect(table.getByRole('row').filter({ hasText: 'Casey Customer' })).toBeVisible();
  await page.getByLabel('Status').selectOption('New');
  await expect(page.getByText('No leads match your search.')).toBeVisible();
});
