import { expect, PASSWORD, test, uniqueName } from './fixtures';
import { signIn } from './journeys';

test("a user's public friends list, the friend-request API test page and the dialog test pages", async ({
  page,
  playwright,
  accessibility,
}) => {
  const ivy = uniqueName('ivy');
  const max = uniqueName('max');
  const baseURL = test.info().project.use.baseURL;
  const maxRequest = await playwright.request.newContext({ baseURL });
  for (const [username, name] of [
    [ivy, 'Ivy Tester'],
    [max, 'Max Friend'],
  ]) {
    const context =
      username === max ? maxRequest : await playwright.request.newContext({ baseURL });
    const response = await context.post('/api/register', {
      data: {
        type: 'consumer',
        email: `${username}@example.com`,
        username,
        password: PASSWORD,
        name,
        phoneNumber: '(617) 555-0170',
        brands: ['dunkin'],
        identifiers: [2],
      },
    });
    expect(response.status()).toBe(201);
    if (context !== maxRequest) await context.dispose();
  }

  // /api-test: Ivy sends Max a request and sees the raw answer; Max's answer is checked after.
  await signIn(page, ivy);
  await page.goto('/api-test');
  await expect(page.getByRole('heading', { name: 'Friend Request API Test' })).toBeVisible();
  await page.getByLabel('Username').fill(max);
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.locator('pre').first()).toContainText('"status": "pending"');
  await expect(page.getByLabel('Friendship ID')).toHaveValue('28');
  await accessibility.check('/api-test');
  const requests = await (await maxRequest.get('/api/friends/requests')).json();
  await maxRequest.post('/api/friends/respond', {
    data: { friendshipId: requests[0].id, action: 'accept' },
  });
  await maxRequest.dispose();

  // /friends/{username}: anyone can see Max's friends.
  await page.goto(`/friends/${max}`);
  await expect(page.getByRole('heading', { name: `@${max}'s friends` })).toBeVisible();
  await expect(
    page.getByRole('list', { name: `@${max}'s friends` }).getByRole('link', { name: /Ivy Tester/ }),
  ).toHaveAttribute('href', `/u/${ivy}`);

  // /dialog-test and /dialog-debug: a real dialog, opened and closed.
  await page.goto('/dialog-test');
  await expect(page.getByRole('heading', { name: 'Dialog Test' })).toBeVisible();
  await page.getByRole('button', { name: 'Open dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sample dialog' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open dialog' })).toBeFocused();

  await page.goto('/dialog-debug');
  await expect(page.getByRole('heading', { name: 'Dialog Debug' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Business' })).toHaveAttribute(
    'href',
    '/business',
  );
});
