import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { registerThroughApi } from './journeys';

test.describe('accounts and sessions', () => {
  test('a consumer registers through both steps, stays signed in on reload and signs out', async ({
    page,
    accessibility,
  }) => {
    const username = uniqueName('ava');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome to mark.it' })).toBeVisible();
    await expect(page.getByText('Sign in to your account')).toBeVisible();
    await accessibility.check('/auth sign in');

    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page.getByText('Create a new account')).toBeVisible();
    await page.getByRole('radio', { name: 'Consumer' }).check();
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Phone Number').fill('(555) 201-3344');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Full Name').fill('Ava Example');
    await accessibility.check('/auth register details');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { name: 'Customize Your Experience' })).toBeVisible();
    await expect(
      page.getByText('Select your interests to receive personalized offers'),
    ).toBeVisible();
    await page.getByRole('button', { name: /Starbucks/ }).click();
    await expect(page.getByRole('button', { name: /Starbucks/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: /Coffee lover/ }).click();
    await accessibility.check('/auth register preferences');
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Registration successful!', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();
    await accessibility.check('/ consumer home');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Logged out successfully', { exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a protected page sends a signed-out visitor to /auth', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome to mark.it' })).toBeVisible();
  });

  test('a business registers and sees its dashboard', async ({ page, accessibility }) => {
    const username = uniqueName('cafe');
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByRole('radio', { name: 'Business' }).check();
    await page.getByLabel('Business Email').fill(`${username}@example.com`);
    await page.getByLabel('Business Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Business Name').fill('Corner Cafe');
    await accessibility.check('/auth business form');
    await page.getByRole('button', { name: 'Register Business' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByText('Business account registered successfully!', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
    // The stat cards (a tab is also named Active Pins).
    await expect(page.getByRole('group', { name: 'Active Pins' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Value' })).toBeVisible();
    await accessibility.check('/ business home');
  });

  test('an existing user signs in by username in another case', async ({
    page,
    request,
    accessibility,
  }) => {
    const username = uniqueName('liam');
    await registerThroughApi(request, username, { type: 'business', name: 'Liam Shop' });

    // The page shows from the server's HTML before its code has run; until then its fields are
    // disabled, so nothing typed is lost when the code takes over.
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { name: 'Welcome to mark.it' })).toBeVisible();
    await expect(page.getByLabel('Email or Username')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    releaseScripts();
    await expect(page.getByLabel('Email or Username')).toBeEnabled();

    await page.getByLabel('Email or Username').fill(`  ${username.toUpperCase()} `);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Invalid email, username or password' }),
    ).toBeVisible();
    await accessibility.check('/auth sign-in error');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Login successful!', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  });

  test('an unknown page shows the 404 with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
