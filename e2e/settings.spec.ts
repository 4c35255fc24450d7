import { expect, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn } from './journeys';

// The smallest valid PNG (1 × 1 pixel): the new profile picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const UPLOADED = /\/uploads\/[0-9a-f]{32}(-small)?\.webp$/;

test('a consumer renames themself and uploads a picture in Settings, and sees both on their profile and posts', async ({
  page,
  request,
  accessibility,
}) => {
  const username = uniqueName('sam');
  // Unique: every journey's posts share one feed.
  const newName = `Sam ${username.slice(-6)}`;
  await registerThroughApi(request, username, {
    type: 'consumer',
    name: 'Sam Before',
    phoneNumber: '(617) 555-0144',
    brands: ['starbucks'],
    identifiers: [1],
  });
  const post = await request.post('/api/posts', { data: { content: 'Hello from before' } });
  expect(post.status()).toBe(201);

  await signIn(page, username);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const name = page.getByLabel('Full Name');
  await expect(name).toHaveValue('Sam Before');
  await accessibility.check('/settings');

  await name.fill(newName);
  await page.getByLabel('Upload picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByText(/Not saved yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  // The navigation shows the new picture at once.
  await expect(page.getByRole('button', { name: 'Account menu' }).locator('img')).toHaveAttribute(
    'src',
    UPLOADED,
  );

  await page.goto(`/u/${username}`);
  await expect(page.getByRole('heading', { name: newName })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Enlarge ${newName}'s profile picture` }).locator('img'),
  ).toHaveAttribute('src', UPLOADED);

  await page.goto('/social-feed');
  const card = page.getByRole('article', { name: `Post by ${newName}` });
  await expect(card).toContainText('Hello from before');
  await expect(card.locator('img').first()).toHaveAttribute('src', UPLOADED);
});
