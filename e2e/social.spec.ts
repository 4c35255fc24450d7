import { expect, test, uniqueName } from './fixtures';
import { registerThroughApi, signIn, signOut } from './journeys';

// The smallest valid PNG (1 × 1 pixel), as the photo A shares.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('two consumers become friends, post with an image and a mention, like, comment and delete', async ({
  page,
  request,
  accessibility,
}) => {
  test.setTimeout(120_000);
  const ada = uniqueName('ada');
  const bob = uniqueName('bob');
  for (const [username, name] of [
    [ada, 'Ada Poster'],
    [bob, 'Bob Liker'],
  ] as const) {
    await registerThroughApi(request, username, {
      type: 'consumer',
      name,
      phoneNumber: '(617) 555-0130',
      brands: ['starbucks'],
      identifiers: [1],
    });
  }

  // A finds B and asks to be friends.
  await signIn(page, ada);
  await page.goto('/add-friend');
  await expect(page.getByRole('heading', { name: 'Add Friend' })).toBeVisible();
  const search = page.getByLabel('Search by username or name');
  await search.fill('b');
  await expect(page.getByText('Type at least 2 characters to search')).toBeVisible();
  await search.fill(bob);
  const result = page.getByRole('listitem').filter({ hasText: `@${bob}` });
  await result.getByRole('button', { name: 'Add Friend' }).click();
  await expect(page.getByText('Friend request sent', { exact: true })).toBeVisible();
  await expect(result.getByRole('button', { name: 'Pending' })).toBeDisabled();
  await accessibility.check('/add-friend');
  await signOut(page);

  // B accepts on /friends; both see each other.
  await signIn(page, bob);
  await page.goto('/friends');
  const requests = page.getByRole('list', { name: 'Friend requests' });
  await expect(requests).toContainText('Ada Poster');
  await accessibility.check('/friends with a request');
  await requests.getByRole('button', { name: /Accept/ }).click();
  await expect(page.getByRole('list', { name: 'Your friends' })).toContainText('Ada Poster');
  await signOut(page);

  await signIn(page, ada);
  await page.goto('/friends');
  const adaFriends = page.getByRole('list', { name: 'Your friends' });
  await expect(adaFriends).toContainText('Bob Liker');
  await expect(adaFriends).toContainText('Online');

  // A posts with an image and a mention of B.
  await page.goto('/social-feed');
  await expect(page.getByRole('heading', { name: 'Pin Board' })).toBeVisible();
  await page.getByLabel('Add image').setInputFiles({
    name: 'latte.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();
  const composer = page.getByLabel("What's on your mind?");
  await composer.fill(`Coffee with @${bob.slice(0, 4)}`);
  await page.getByRole('option', { name: new RegExp(bob) }).click();
  await expect(composer).toHaveValue(`Coffee with @${bob} `);
  await composer.pressSequentially('this morning');
  await accessibility.check('/social-feed composing');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Post created', { exact: true })).toBeVisible();
  const adaPost = page.getByRole('article', { name: 'Post by Ada Poster' });
  await expect(adaPost).toContainText(`Coffee with @${bob} this morning`);
  await expect(adaPost.getByRole('img', { name: 'Image shared by Ada Poster' })).toBeVisible();
  await expect(adaPost.getByRole('link', { name: `@${bob}` })).toBeVisible();
  await signOut(page);

  // B likes and comments.
  await signIn(page, bob);
  await page.goto('/social-feed');
  const bobView = page.getByRole('article', { name: 'Post by Ada Poster' });
  const like = bobView.getByRole('button', { name: /Like/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await bobView.getByLabel('Add a comment').fill('Save me a seat!');
  await bobView.getByRole('button', { name: 'Comment' }).click();
  await expect(page.getByText('Comment added', { exact: true })).toBeVisible();
  await expect(bobView).toContainText('Save me a seat!');
  await expect(bobView.getByRole('button', { name: 'Post options' })).toHaveCount(0);
  await accessibility.check('/social-feed with a post');
  await signOut(page);

  // A deletes the post after the confirmation.
  await signIn(page, ada);
  await page.goto('/social-feed');
  const own = page.getByRole('article', { name: 'Post by Ada Poster' });
  await expect(own).toContainText('Save me a seat!');
  await own.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post' });
  await expect(confirm).toContainText('Are you sure you want to delete this post?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Post by Ada Poster' })).toHaveCount(0);
});
