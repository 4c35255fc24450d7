import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, PASSWORD } from './fixtures';

type Registration =
  | { type: 'business'; name: string }
  | {
      type: 'consumer';
      name: string;
      phoneNumber: string;
      brands: readonly string[];
      identifiers: readonly number[];
    };

/**
 * Registers an account through the API (e-mail `<username>@example.com`, the shared password);
 * `request` is then signed in as it.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  username: string,
  registration: Registration,
) {
  const response = await request.post('/api/register', {
    data: { ...registration, email: `${username}@example.com`, username, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
}

/** Signs in through the Sign In form and waits for the home page. */
export async function signIn(page: Page, username: string) {
  await page.goto('/auth');
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs out from the account menu and waits for /auth. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}

/** Step 1 of the wizard: Starbucks → Massachusetts → Boston → the first store. */
export async function chooseBostonStarbucks(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Create New Pin' });
  await dialog.getByLabel('Brand').selectOption('starbucks');
  await dialog.getByLabel('State').selectOption({ label: 'Massachusetts' });
  await dialog.getByLabel('City').selectOption({ label: 'Boston' });
  const store = dialog.getByLabel('Store Location');
  await expect(store).toBeEnabled();
  await store.selectOption({ index: 1 });
}

export async function fillDetails(page: Page, value: string, quantity: string, radius?: string) {
  const dialog = page.getByRole('dialog', { name: 'Create New Pin' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Step 2 of 5')).toBeVisible();
  await dialog.getByLabel('Value ($)').fill(value);
  await dialog.getByLabel('Quantity').fill(quantity);
  if (radius) await dialog.getByLabel('Radius (miles)').fill(radius);
}

export async function continueToLastStep(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Create New Pin' });
  for (const step of [3, 4, 5]) {
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(`Step ${step} of 5`)).toBeVisible();
  }
}

/**
 * Adds funds through the API as a browser pays: the test card (4242…) goes to the test
 * provider's tokenisation endpoint, and only its token reaches Add Funds. `request` must be
 * signed in as a business.
 */
export async function addFundsThroughApi(request: APIRequestContext, amount: number) {
  const card = await request.post('/api/test-payments/tokens', {
    data: { number: '4242 4242 4242 4242', expiry: futureCardExpiry(), cvc: '123' },
  });
  expect(card.status()).toBe(201);
  const { token } = (await card.json()) as { token: string };
  const funded = await request.post('/api/wallet/add-funds', {
    data: { amount, paymentToken: token },
  });
  expect(funded.status()).toBe(201);
}

/** A card expiry two years ahead, as the card form takes it (MM/YY). */
export const futureCardExpiry = () => `12/${String((new Date().getUTCFullYear() + 2) % 100)}`;

/** Types a card into the shared card fields inside `scope` (a dialog): number, expiry, CVC. */
export async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM/YY)').fill(futureCardExpiry());
  await scope.getByLabel('CVC').fill('123');
}

/**
 * Puts a pin on the first Boston Starbucks through the API (`request` signed in as a funded
 * business) and answers its id.
 */
export async function createBostonPinThroughApi(
  request: APIRequestContext,
  { value = 10, quantity = 1, radius = 25, promotionMessage = '' } = {},
): Promise<number> {
  const stores = await request.get('/api/locations/stores?brand=starbucks&state=MA&city=Boston');
  const [store] = (await stores.json()) as Array<{
    value: number;
    details: { coordinates: { lat: number; lng: number } };
  }>;
  const pin = await request.post('/api/pins', {
    data: {
      brand: 'starbucks',
      value,
      quantity,
      radius,
      locationId: Number(store!.value),
      lat: store!.details.coordinates.lat,
      lng: store!.details.coordinates.lng,
      promotionMessage,
      targetIdentifiers: [],
    },
  });
  expect(pin.status()).toBe(201);
  return ((await pin.json()) as { id: number }).id;
}
