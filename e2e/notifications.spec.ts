import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { signIn } from './journeys';

test('a friend request arrives live: toast and badge without reloading, accepted from /notifications', async ({
  page,
  playwright,
  accessibility,
}) => {
  const ana = uniqueName('ana');
  const ben = uniqueName('ben');
  const baseURL = test.info().project.use.baseURL;
  const benRequest = await playwright.request.newContext({ baseURL });
  const anaRequest = await playwright.request.newContext({ baseURL });
  for (const [context, username, name] of [
    [anaRequest, ana, 'Ana Live'],
    [benRequest, ben, 'Ben Sender'],
  ] as const) {
    const response = await context.post('/api/register', {
      data: {
        type: 'consumer',
        email: `${username}@example.com`,
        username,
        password: PASSWORD,
        name,
        phoneNumber: '(617) 555-0160',
        brands: ['starbucks'],
        identifiers: [1],
      },
    });
    expect(response.status()).toBe(201);
  }
  await anaRequest.dispose();

  await signIn(page, ana);
  // The welcome notification is already there; read it so the badge counts only the news.
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('You have 1 unread notification(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(page.getByText('You have 0 unread notification(s)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Mark.itplace' })).toBeVisible();

  // Ben asks; Ana's page shows it at once.
  const asked = await benRequest.post('/api/friends/request', { data: { username: ana } });
  expect(asked.status()).toBe(201);
  await benRequest.dispose();
  await expect(page.getByText('Ben Sender sent you a friend request').first()).toBeVisible({
    timeout: 5000,
  });
  await expect(page.getByText('1 unread').first()).toBeAttached();

  await page.goto('/notifications');
  await expect(page.getByText('You have 1 unread notification(s)')).toBeVisible();
  const item = page
    .getByRole('listitem')
    .filter({ hasText: 'Ben Sender sent you a friend request' });
  await accessibility.check('/notifications');
  await item.getByRole('button', { name: /Accept/ }).click();
  await expect(page.getByText('You have 0 unread notification(s)')).toBeVisible();

  await page.goto('/friends');
  await expect(page.getByRole('list', { name: 'Your friends' })).toContainText('Ben Sender');
});
