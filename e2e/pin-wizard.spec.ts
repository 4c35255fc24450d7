import { expect, test, uniqueName } from './fixtures';
import {
  addFundsThroughApi,
  chooseBostonStarbucks,
  continueToLastStep,
  fillCard,
  registerThroughApi,
  signIn,
} from './journeys';

test('the pin wizard checks each step, shows the store and its reach, and reads the pin back', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('wizard');
  await registerThroughApi(request, username, { type: 'business', name: 'Wizard Coffee' });
  await addFundsThroughApi(request, 20);
  await signIn(page, username);

  await page.getByRole('button', { name: 'Create Pin' }).click();
  const wizard = page.getByRole('dialog', { name: 'Create New Pin' });
  await expect(wizard.getByText('Step 1 of 5')).toBeVisible();

  // Step 1: Continue with nothing chosen says what is missing, beside the fields.
  await expect(wizard.getByLabel('Brand')).toBeEnabled();
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByLabel('Brand')).toHaveAccessibleDescription('Brand is required');
  await expect(wizard.getByLabel('Store Location')).toHaveAccessibleDescription(
    'Store location is required',
  );
  await expect(wizard.getByLabel('Brand')).toBeFocused();
  await expect(wizard.getByText('Step 1 of 5')).toBeVisible();
  await accessibility.check('/ create pin: step 1 with its messages');

  // The chosen store appears on the map (its marker is named after it) and in the list beside it.
  await chooseBostonStarbucks(page);
  const storeName = await wizard
    .getByLabel('Store Location')
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
  expect(storeName).not.toBe('');
  await expect(wizard.getByText('Store location is required')).toBeHidden();
  const storeMap = wizard.getByRole('region', { name: 'Map of the chosen store' });
  await expect(storeMap.getByTitle(storeName)).toBeVisible();
  await expect(wizard.getByRole('region', { name: 'The chosen store', exact: true })).toContainText(
    storeName,
  );
  await accessibility.check('/ create pin: step 1 with the store on the map');

  // Step 2: a quantity of 2.5 is refused beside the field; fixed, it is accepted.
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Step 2 of 5')).toBeVisible();
  await wizard.getByLabel('Quantity').fill('2.5');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await expect(wizard.getByText('Quantity must be a whole number')).toBeVisible();
  await expect(wizard.getByLabel('Quantity')).toBeFocused();
  await expect(wizard.getByText('Step 2 of 5')).toBeVisible();
  await wizard.getByLabel('Quantity').fill('3');
  await expect(wizard.getByText('Quantity must be a whole number')).toBeHidden();

  // The reach follows the radius.
  const reach = wizard.getByRole('region', { name: "The pin's place and reach" });
  await expect(reach).toContainText(`Reach: 5 miles around ${storeName}`);
  await expect(wizard.getByRole('region', { name: "Map of the pin's reach" })).toBeVisible();
  await wizard.getByLabel('Radius (miles)').fill('12');
  await expect(reach).toContainText(`Reach: 12 miles around ${storeName}`);

  // $30 to reserve against $20: Add Funds opens right here, and the balance follows.
  await expect(wizard.getByText('You need $10.00 more.')).toBeVisible();
  await wizard.getByRole('button', { name: 'Add Funds' }).click();
  const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
  await addFunds.getByLabel('Amount ($)').fill('50');
  await fillCard(addFunds, '4242 4242 4242 4242');
  await addFunds.getByRole('button', { name: 'Add Funds' }).click();
  await expect(addFunds).toBeHidden();
  await expect(wizard.getByText('$70.00')).toBeVisible();
  await expect(wizard.getByText(/You need/)).toBeHidden();
  await expect(wizard.getByText('Step 2 of 5')).toBeVisible();

  // The expiry: a choice and the day it makes.
  await wizard.getByLabel('Expires in').selectOption({ label: '30 days' });
  await expect(wizard.getByLabel('Expires in')).toHaveAccessibleDescription(/^Expires on /);
  await accessibility.check('/ create pin: step 2');

  // Step 5 reads the pin back before it is created.
  await continueToLastStep(page);
  const summary = wizard.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Starbucks');
  await expect(summary).toContainText(storeName);
  await expect(summary).toContainText('$10.00 × 3 = $30.00');
  await expect(summary).toContainText('12 miles');
  await expect(summary).toContainText('(30 days)');
  await expect(summary).toContainText('Everyone');
  await expect(summary).toContainText('No message');
  await accessibility.check('/ create pin: summary');

  await wizard.getByRole('button', { name: 'Create Pin' }).click();
  await expect(wizard).toBeHidden();
  await expect(page.getByText('Pin created', { exact: true })).toBeVisible();
});
