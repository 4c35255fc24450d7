import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Post } from '@shared/schema/posts';
import {
  jsonReply,
  listReply,
  mockApi,
  type MockReply,
  type MockRoutes,
  pending,
} from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { SocialFeedPage } from '../pages/social-feed-page';
import { alexAuthor, buildComment, buildPost, casey, caseyAuthor } from './feed-fixtures';

/** A feed page as the API answers it: the posts, and the next page's cursor in its Link. */
function page(items: Post[], nextCursor: string | null = null): MockReply<'GET /api/posts'> {
  return listReply(items, { nextCursor });
}

function renderFeed(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, casey),
    'GET /api/posts': page([buildPost({ id: 1 })]),
    ...routes,
  });
  return { api, ...renderWithProviders(<SocialFeedPage />, { path: '/social-feed' }) };
}

const article = (name: string) => screen.findByRole('article', { name: `Post by ${name}` });

describe('SocialFeedPage', () => {
  it('shows the Pin Board heading, skeletons while loading, then the posts', async () => {
    let release: (value: MockReply<'GET /api/posts'>) => void = () => {};
    const { api } = renderFeed({
      'GET /api/posts': () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Pin Board' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading posts' })).toBeInTheDocument();

    await waitFor(() => expect(api.requestsTo('GET', '/api/posts')).toHaveLength(1));
    release(page([buildPost({ id: 1, content: 'Hello board' })]));
    expect(await screen.findByText('Hello board')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading posts' })).not.toBeInTheDocument();
  });

  it("fetches an uploaded image's small variant on phones and where it is enough", async () => {
    const large = `/uploads/${'c'.repeat(32)}.webp`;
    const small = `/uploads/${'c'.repeat(32)}-small.webp`;
    renderFeed({
      'GET /api/posts': page([
        buildPost({ id: 1, user: alexAuthor, attachmentUrl: large, attachmentType: 'image' }),
      ]),
    });
    const image = within(await article('Alex Rivera')).getByRole('img', {
      name: 'Image shared by Alex Rivera',
    });
    expect(image).toHaveAttribute('src', large);
    expect(image).toHaveAttribute('srcset', `${small} 640w, ${large} 1600w`);
    expect(image).toHaveAttribute('sizes', expect.stringContaining('630px'));
    const phone = image.parentElement!.querySelector('source');
    expect(phone).toHaveAttribute('srcset', small);
    expect(phone).toHaveAttribute('media', '(max-width: 39.99rem)');
  });

  it('shows the author, verified badge, @username, relative time, image and highlighted mentions', async () => {
    renderFeed({
      'GET /api/posts': page([
        buildPost({
          id: 1,
          user: alexAuthor,
          content: 'Coffee with @casey and @dana_2!\nSee you',
          createdAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
          attachmentUrl: '/uploads/latte.png',
          attachmentType: 'image',
          likes: 3,
          commentCount: 1,
          comments: [buildComment({ id: 9, content: 'Nice!', user: caseyAuthor })],
        }),
      ]),
    });

    const post = await article('Alex Rivera');
    expect(within(post).getByRole('link', { name: 'Alex Rivera' })).toHaveAttribute(
      'href',
      '/u/alex',
    );
    expect(within(post).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(post).getByText('@alex')).toBeInTheDocument();
    expect(within(post).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(post).getByRole('img', { name: 'Image shared by Alex Rivera' })).toHaveAttribute(
      'src',
      '/uploads/latte.png',
    );
    expect(within(post).getByRole('link', { name: '@casey' })).toHaveAttribute('href', '/u/casey');
    expect(within(post).getByRole('link', { name: '@dana_2' })).toHaveAttribute(
      'href',
      '/u/dana_2',
    );
    expect(within(post).getByText('3 likes')).toBeInTheDocument();
    expect(within(post).getByText('1 comment')).toBeInTheDocument();
    const comments = within(post).getByRole('list', { name: "Comments on Alex Rivera's post" });
    expect(within(comments).getByText('Nice!')).toBeInTheDocument();
    expect(within(comments).getByRole('link', { name: 'Casey Consumer' })).toBeInTheDocument();
    // Not the author: no menu, so no Delete.
    expect(within(post).queryByRole('button', { name: 'Post options' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pinned')).not.toBeInTheDocument();
    expect(screen.queryByText('Leaderboard')).not.toBeInTheDocument();
  });

  it('marks pinned posts and gives leaderboard posts their own style', async () => {
    renderFeed({
      'GET /api/posts': page([
        buildPost({ id: 1, content: 'Pinned news', isPinned: true }),
        buildPost({
          id: 2,
          userId: 3,
          user: { ...alexAuthor, name: 'Dana Doe', username: 'dana', verified: false },
          content: 'I am #2 on the gifting leaderboard this month!',
          isLeaderboardPost: true,
        }),
      ]),
    });

    const pinned = await article('Alex Rivera');
    expect(within(pinned).getByText('Pinned')).toBeInTheDocument();
    expect(within(pinned).queryByText('Leaderboard')).not.toBeInTheDocument();
    expect(pinned).not.toHaveClass('border-l-amber-500');

    const leaderboard = await article('Dana Doe');
    expect(within(leaderboard).getByText('Leaderboard')).toBeInTheDocument();
    expect(within(leaderboard).queryByText('Pinned')).not.toBeInTheDocument();
    expect(leaderboard).toHaveClass('border-l-amber-500');
    expect(within(leaderboard).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no posts', async () => {
    renderFeed({ 'GET /api/posts': page([]) });
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
  });

  it("says 'Failed to load posts' with Try again, and recovers", async () => {
    let failing = true;
    const { api, user } = renderFeed({
      'GET /api/posts': () =>
        failing
          ? jsonReply(500, { message: 'Something went wrong' })
          : page([buildPost({ id: 1, content: 'Back again' })]),
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load posts');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load posts')).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/posts')).toHaveLength(2);
  });

  describe('pagination', () => {
    const firstPage = page([buildPost({ id: 3, content: 'Newest' })], 'cursor-2');
    const secondPage = page([buildPost({ id: 2, content: 'Older' })], null);
    const routes: MockRoutes = {
      'GET /api/posts': (request) =>
        request.search.get('cursor') === 'cursor-2' ? secondPage : firstPage,
    };

    it("loads the next page with the server's cursor from the 'Load more' button", async () => {
      const { api, user } = renderFeed(routes);

      await screen.findByText('Newest');
      await user.click(screen.getByRole('button', { name: 'Load more' }));

      expect(await screen.findByText('Older')).toBeInTheDocument();
      const cursors = api
        .requestsTo('GET', '/api/posts')
        .map((request) => request.search.get('cursor'));
      expect(cursors).toEqual([null, 'cursor-2']);
      // The last page: no more to load.
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      expect(screen.getByText("You're all caught up.")).toBeInTheDocument();
    });

    it('loads the next page when the end of the list scrolls into view', async () => {
      const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          targets: Element[] = [];
          constructor(callback: IntersectionObserverCallback) {
            observers.push({ callback, targets: this.targets });
          }
          observe(target: Element) {
            this.targets.push(target);
          }
          disconnect() {}
          unobserve() {}
          takeRecords() {
            return [];
          }
        },
      );
      const { api } = renderFeed(routes);
      await screen.findByText('Newest');
      expect(api.requestsTo('GET', '/api/posts')).toHaveLength(1);

      const observer = observers.at(-1)!;
      expect(observer.targets).toHaveLength(1);
      observer.callback(
        [{ isIntersecting: true, target: observer.targets[0]! } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );

      expect(await screen.findByText('Older')).toBeInTheDocument();
      expect(api.requestsTo('GET', '/api/posts').at(-1)!.search.get('cursor')).toBe('cursor-2');
    });

    it('keeps the loaded posts and offers Try again when the next page fails', async () => {
      let failing = true;
      const { user } = renderFeed({
        'GET /api/posts': (request) =>
          request.search.get('cursor') !== 'cursor-2'
            ? firstPage
            : failing
              ? jsonReply(500, { message: 'boom' })
              : secondPage,
      });

      await screen.findByText('Newest');
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Failed to load posts');
      expect(screen.getByText('Newest')).toBeInTheDocument();

      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Older')).toBeInTheDocument();
    });
  });

  describe('likes', () => {
    it('likes with POST and unlikes with DELETE, showing the count the server answers', async () => {
      const { api, user } = renderFeed({
        'GET /api/posts': page([buildPost({ id: 4, likes: 2, isLiked: false })]),
        // Others liked meanwhile: the server's count wins.
        'POST /api/posts/:id/like': jsonReply(200, { postId: 4, likes: 6, isLiked: true }),
        'DELETE /api/posts/:id/like': jsonReply(200, { postId: 4, likes: 5, isLiked: false }),
      });

      const post = await article('Alex Rivera');
      const like = within(post).getByRole('button', { name: 'Like' });
      expect(like).toHaveAttribute('aria-pressed', 'false');
      expect(within(post).getByText('2 likes')).toBeInTheDocument();

      await user.click(like);
      await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
      expect(within(post).getByText('6 likes')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/posts/4/like')).toHaveLength(1);

      await user.click(like);
      await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'false'));
      expect(within(post).getByText('5 likes')).toBeInTheDocument();
      expect(api.requestsTo('DELETE', '/api/posts/4/like')).toHaveLength(1);
    });

    it("says 'Failed to like post' and keeps the count when liking fails", async () => {
      const { user } = renderFeed({
        'GET /api/posts': page([buildPost({ id: 4, likes: 2 })]),
        'POST /api/posts/:id/like': jsonReply(500, { message: 'boom' }),
      });

      const post = await article('Alex Rivera');
      await user.click(within(post).getByRole('button', { name: 'Like' }));
      expect(await findToast('Failed to like post')).toBeInTheDocument();
      expect(within(post).getByRole('button', { name: 'Like' })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(within(post).getByText('2 likes')).toBeInTheDocument();
    });
  });

  describe('comments', () => {
    it("adds a comment, says 'Comment added' and shows it under the post", async () => {
      const { api, user } = renderFeed({
        'GET /api/posts': page([buildPost({ id: 4 })]),
        'POST /api/posts/:id/comments': ({ body }) =>
          jsonReply(201, buildComment({ id: 50, content: body.content, user: caseyAuthor })),
      });

      const post = await article('Alex Rivera');
      const input = within(post).getByLabelText('Add a comment');
      const button = within(post).getByRole('button', { name: 'Comment' });
      expect(button).toBeDisabled();
      await user.type(input, '   ');
      expect(button).toBeDisabled();

      await user.type(input, ' Great pick @alex ');
      expect(button).toBeEnabled();
      await user.click(button);

      expect(await findToast('Comment added')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/posts/4/comments')[0]!.body).toEqual({
        content: 'Great pick @alex',
      });
      const comments = within(post).getByRole('list', { name: "Comments on Alex Rivera's post" });
      expect(within(comments).getByText(/Great pick/)).toBeInTheDocument();
      expect(within(comments).getByRole('link', { name: '@alex' })).toBeInTheDocument();
      expect(within(post).getByText('1 comment')).toBeInTheDocument();
      expect(input).toHaveValue('');
    });

    it("says 'Failed to add comment' and keeps the text when it fails", async () => {
      const { user } = renderFeed({
        'GET /api/posts': page([buildPost({ id: 4 })]),
        'POST /api/posts/:id/comments': jsonReply(500, { message: 'boom' }),
      });

      const post = await article('Alex Rivera');
      await user.type(within(post).getByLabelText('Add a comment'), 'Hello');
      await user.click(within(post).getByRole('button', { name: 'Comment' }));

      expect(await findToast('Failed to add comment')).toBeInTheDocument();
      expect(within(post).getByLabelText('Add a comment')).toHaveValue('Hello');
    });
  });

  describe("the author's actions", () => {
    const ownPost = buildPost({ id: 7, userId: casey.id, user: caseyAuthor, content: 'Mine' });
    const othersPost = buildPost({ id: 8, content: 'Theirs' });

    async function openMenu(user: ReturnType<typeof renderFeed>['user']) {
      const post = await article('Casey Consumer');
      await user.click(within(post).getByRole('button', { name: 'Post options' }));
      return screen.findByRole('menu');
    }

    it('asks before deleting, deletes, says so and drops the post from the list', async () => {
      const { api, user } = renderFeed({
        'GET /api/posts': page([ownPost, othersPost]),
        'DELETE /api/posts/:id': jsonReply(204),
      });

      const menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));

      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Are you sure you want to delete this post?');
      expect(api.requestsTo('DELETE', '/api/posts/7')).toHaveLength(0);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await findToast('Post deleted')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByText('Mine')).not.toBeInTheDocument());
      expect(screen.getByText('Theirs')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.requestsTo('DELETE', '/api/posts/7')).toHaveLength(1);
      // Dropped locally, not by reloading the feed.
      expect(api.requestsTo('GET', '/api/posts')).toHaveLength(1);
    });

    it('keeps the post when the confirm is cancelled', async () => {
      const { api, user } = renderFeed({
        'GET /api/posts': page([ownPost]),
      });

      const menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
      );

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByText('Mine')).toBeInTheDocument();
      expect(api.requestsTo('DELETE', '/api/posts/7')).toHaveLength(0);
    });

    it("says 'Failed to delete post' and keeps the post when deleting fails", async () => {
      const { user } = renderFeed({
        'GET /api/posts': page([ownPost]),
        'DELETE /api/posts/:id': jsonReply(403, { message: 'Only the author can do this' }),
      });

      const menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
      );

      expect(await findToast('Failed to delete post')).toHaveTextContent(
        'Only the author can do this',
      );
      expect(screen.getByText('Mine')).toBeInTheDocument();
    });

    it('shows the menu only on your own posts', async () => {
      renderFeed({ 'GET /api/posts': page([ownPost, othersPost]) });

      const own = await article('Casey Consumer');
      const theirs = await article('Alex Rivera');
      expect(within(own).getByRole('button', { name: 'Post options' })).toBeInTheDocument();
      expect(
        within(theirs).queryByRole('button', { name: 'Post options' }),
      ).not.toBeInTheDocument();
      expect(within(theirs).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    });

    it('pins and unpins a post, then reloads the feed in its new order', async () => {
      let pinned = false;
      const { api, user } = renderFeed({
        'GET /api/posts': () => page([{ ...ownPost, isPinned: pinned }, othersPost]),
        'POST /api/posts/:id/pin': ({ body }) => {
          pinned = body.pinned;
          return jsonReply(200, { ...ownPost, isPinned: pinned });
        },
      });

      let menu = await openMenu(user);
      expect(within(menu).queryByRole('menuitem', { name: 'Unpin post' })).not.toBeInTheDocument();
      await user.click(within(menu).getByRole('menuitem', { name: 'Pin post' }));

      expect(await findToast('Post pinned')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/posts/7/pin')[0]!.body).toEqual({ pinned: true });
      const own = await article('Casey Consumer');
      await waitFor(() => expect(within(own).getByText('Pinned')).toBeInTheDocument());
      expect(api.requestsTo('GET', '/api/posts')).toHaveLength(2);

      menu = await openMenu(user);
      await user.click(within(menu).getByRole('menuitem', { name: 'Unpin post' }));
      expect(await findToast('Post unpinned')).toBeInTheDocument();
      expect(api.requestsTo('POST', '/api/posts/7/pin')[1]!.body).toEqual({ pinned: false });
      await waitFor(() => expect(within(own).queryByText('Pinned')).not.toBeInTheDocument());
    });
  });

  describe('scroll to top', () => {
    afterEach(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
    });

    const scrollTo = (y: number) => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
      fireEvent.scroll(window);
    };

    it('appears after 300 px of scrolling and takes the window back to the top', async () => {
      const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      const { user } = renderFeed();
      await article('Alex Rivera');

      expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
      scrollTo(300);
      expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument();
      scrollTo(301);
      const button = await screen.findByRole('button', { name: 'Scroll to top' });

      await user.click(button);
      expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

      scrollTo(0);
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: 'Scroll to top' })).not.toBeInTheDocument(),
      );
    });
  });

  it('never shows the feed while the load is pending forever', async () => {
    renderFeed({ 'GET /api/posts': pending });
    expect(await screen.findByRole('status', { name: 'Loading posts' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
