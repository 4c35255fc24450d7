import { expect, test, uniqueName } from './fixtures';
import { addFundsThroughApi, registerThroughApi, signIn } from './journeys';

test('a consumer claims a pin; the business finds the lead, marks it Contacted and filters by it', async ({
  page,
  request,
  playwright,
  accessibility,
}) => {
  const business = uniqueName('shop');
  const consumer = uniqueName('cust');
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
      radius: 5,
      locationId: Number(stores[0].value),
      promotionMessage: '',
      targetIdentifiers: [],
      showBusinessInfo: true,
    },
  });
  expect(pin.status()).toBe(201);
  const pinId = (await pin.json()).id as number;

  // The consumer (on a request context of their own) claims it.
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
  await customer
    .post(`/api/pins/${pinId}/claim`)
    .then((response) => expect(response.status()).toBe(201));
  await customer.dispose();

  await signIn(page, business);
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Customer Leads' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Leads' });
  const row = table.getByRole('row').filter({ hasText: 'Casey Customer' });
  await expect(row).toContainText(`${consumer}@example.com`);
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
