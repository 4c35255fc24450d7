import { expect, PASSWORD, test, uniqueName } from './fixtures';
import {
  chooseBostonStarbucks,
  continueToLastStep,
  fillCard,
  fillDetails,
  registerThroughApi,
} from './journeys';

test.describe('a business funds its wallet and creates pins', () => {
  test('adds funds, is declined with the test card, creates a pin and cannot overspend', async ({
    page,
    request,
    accessibility,
  }) => {
    const username = uniqueName('bean');
    await registerThroughApi(request, username, { type: 'business', name: 'Bean There' });

    await page.goto('/auth');
    await page.getByLabel('Email or Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();

    // Wallet: add $100 with the card that succeeds.
    await page.getByRole('link', { name: 'Wallet' }).click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { name: 'Your Wallet' })).toBeVisible();
    const balance = page.getByRole('region', { name: 'Current Balance' });
    await expect(balance).toContainText('$0.00');
    await accessibility.check('/wallet empty');

    await page.getByRole('button', { name: 'Add Funds' }).click();
    const addFunds = page.getByRole('dialog', { name: 'Add Funds' });
    await expect(addFunds.getByText('Test mode')).toBeVisible();
    await accessibility.check('/wallet add funds dialog');
    await addFunds.getByLabel('Amount ($)').fill('100');
    await fillCard(addFunds, '4242 4242 4242 4242');
    await addFunds.getByRole('button', { name: 'Add Funds' }).click();
    await expect(addFunds).toBeHidden();
    await expect(balance).toContainText('$100.00');
    await expect(
      page
        .getByRole('table', { name: 'Recent Transactions' })
        .getByText('Complete', { exact: true }),
    ).toBeVisible();

    // The card that is always declined.
    await page.getByRole('button', { name: 'Add Funds' }).click();
    await addFunds.getByLabel('Amount ($)').fill('50');
    await fillCard(addFunds, '4000 0000 0000 0002');
    await addFunds.getByRole('button', { name: 'Add Funds' }).click();
    await expect(addFunds.getByRole('alert')).toHaveText('Your card was declined');
    await accessibility.check('/wallet declined card');
    await addFunds.getByRole('button', { name: 'Cancel' }).click();
    await expect(addFunds).toBeHidden();
    await expect(balance).toContainText('$100.00');

    // Dashboard: create a pin of 3 × $10.
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active Pins' })).toContainText('0');
    await page.getByRole('button', { name: 'Create Pin' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create New Pin' });
    await expect(wizard.getByText('Step 1 of 5')).toBeVisible();
    await chooseBostonStarbucks(page);
    await accessibility.check('/ create pin: location');
    await fillDetails(page, '10', '3');
    await expect(wizard.getByText('Total to reserve')).toBeVisible();
    await accessibility.check('/ create pin: details');
    await continueToLastStep(page);
    await expect(wizard.getByRole('checkbox', { name: 'Show Business Information' })).toBeChecked();
    await accessibility.check('/ create pin: business info');
    await wizard.getByRole('button', { name: 'Create Pin' }).click();
    await expect(wizard).toBeHidden();

    const pins = page.getByRole('list', { name: 'Active pins' });
    await expect(pins.getByRole('heading', { name: 'Starbucks · $10.00' })).toBeVisible();
    await expect(pins).toContainText('Claimed0/3');
    await expect(page.getByRole('group', { name: 'Active Pins' })).toHaveText(/Active Pins\s*1/);
    await expect(page.getByRole('group', { name: 'Total Value' })).toContainText('$30.00');
    await accessibility.check('/ dashboard with a pin');

    // A pin beyond the balance ($5,000 against $70) is refused.
    await page.getByRole('button', { name: 'Create Pin' }).click();
    await chooseBostonStarbucks(page);
    await fillDetails(page, '500', '10');
    await continueToLastStep(page);
    await wizard.getByRole('button', { name: 'Create Pin' }).click();
    await expect(page.getByText('Error creating pin', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Failed to create pin: Insufficient funds', { exact: true }),
    ).toBeVisible();
    await expect(wizard).toBeVisible();
  });
});
