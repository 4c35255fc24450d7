import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type MentionCandidate } from '@shared/schema/friends';
import {
  jsonReply,
  listReply,
  mockApi,
  type MockHandler,
  type MockRoutes,
} from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { SocialFeedPage } from '../pages/social-feed-page';
import { buildPost, casey, caseyAuthor } from './feed-fixtures';

const bob: MentionCandidate = { id: 7, name: 'Bob Builder', username: 'bob', profilePicture: null };
const bobby: MentionCandidate = {
  id: 8,
  name: 'Bobby Tables',
  username: 'bobby_1',
  profilePicture: null,
};
const carol: MentionCandidate = {
  id: 9,
  name: 'Carol Danvers',
  username: 'carol',
  profilePicture: null,
};

const emptyFeed = listReply([], { nextCursor: null });

/** Mention search: people whose username starts with the query. */
const mentionSearch: MockHandler<'GET /api/friends/search'> = (request) => {
  const query = (request.search.get('query') ?? '').toLowerCase();
  return jsonReply(
    200,
    [bob, bobby, carol].filter((person) => person.username.startsWith(query)),
  );
};

function renderComposer(routes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/user': jsonReply(200, casey),
    'GET /api/posts': emptyFeed,
    'GET /api/friends/search': mentionSearch,
    'POST /api/uploads': jsonReply(201, {
      url: '/uploads/3f9c.png',
      contentType: 'image/png',
      size: 4,
    }),
    'POST /api/posts': ({ body }) =>
      jsonReply(201, buildPost({ id: 99, userId: casey.id, user: caseyAuthor, ...body })),
    ...routes,
  });
  const rendered = renderWithProviders(<SocialFeedPage />, { path: '/social-feed' });
  return {
    api,
    ...rendered,
    textarea: () => screen.getByLabelText("What's on your mind?"),
    postButton: () => screen.getByRole('button', { name: 'Post' }),
  };
}

const png = () => new File(['\x89PNG'], 'latte.png', { type: 'image/png' });

describe('PostComposer', () => {
  it('keeps Post disabled until there is text other than whitespace', async () => {
    const { user, textarea, postButton } = renderComposer();
    await screen.findByText('No posts yet');

    expect(postButton()).toBeDisabled();
    await user.type(textarea(), '   {Enter}  ');
    expect(postButton()).toBeDisabled();
    await user.type(textarea(), 'x');
    expect(postButton()).toBeEnabled();
  });

  it("posts the trimmed text, says 'Post created', clears the box and reloads the feed", async () => {
    const { api, user, textarea, postButton } = renderComposer();
    await screen.findByText('No posts yet');

    await user.type(textarea(), '  Hello board  ');
    await user.click(postButton());

    expect(await findToast('Post created')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/posts')[0]!.body).toEqual({
      content: 'Hello board',
      mentionedUserIds: [],
    });
    expect(textarea()).toHaveValue('');
    await waitFor(() => expect(api.requestsTo('GET', '/api/posts')).toHaveLength(2));
  });

  it("says 'Failed to create post' and keeps the text when posting fails", async () => {
    const { user, textarea, postButton } = renderComposer({
      'POST /api/posts': jsonReply(400, { message: 'The image must be uploaded first' }),
    });
    await screen.findByText('No posts yet');

    await user.type(textarea(), 'Hello');
    await user.click(postButton());

    expect(await findToast('Failed to create post')).toHaveTextContent(
      'The image must be uploaded first',
    );
    expect(textarea()).toHaveValue('Hello');
  });

  it("shows 'Posting...' while the post is sent", async () => {
    const { user, textarea } = renderComposer({
      'POST /api/posts': () => new Promise(() => {}),
    });
    await screen.findByText('No posts yet');

    await user.type(textarea(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled();
  });

  describe('image', () => {
    it('uploads the chosen image at once, previews it, and can remove it', async () => {
      const { api, user } = renderComposer();
      await screen.findByText('No posts yet');

      const picker = screen.getByLabelText('Add image');
      expect(picker).toHaveAttribute('accept', 'image/*');
      const file = png();
      await user.upload(picker, file);

      const preview = await screen.findByRole('img', { name: 'Preview of the image to post' });
      expect(preview).toHaveAttribute('src', '/uploads/3f9c.png');
      expect(api.requestsTo('POST', '/api/uploads')).toHaveLength(1);
      // Sent as multipart form data, the file under the field 'file'.
      const [sent] = api.requestsTo('POST', '/api/uploads');
      expect(sent?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
      // The file's bytes and type (jsdom's File loses its name on its way through Node's fetch).
      const sentFile = (sent?.body as FormData).get('file') as File;
      expect(sentFile.type).toBe('image/png');
      expect(await sentFile.text()).toBe('\x89PNG');
      // One image per post: no second picker while one is attached.
      expect(screen.queryByLabelText('Add image')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Remove image' }));
      expect(
        screen.queryByRole('img', { name: 'Preview of the image to post' }),
      ).not.toBeInTheDocument();
      expect(screen.getByLabelText('Add image')).toBeInTheDocument();
    });

    it("sends the uploaded image's URL with attachmentType 'image'", async () => {
      const { api, user, textarea, postButton } = renderComposer();
      await screen.findByText('No posts yet');

      await user.upload(screen.getByLabelText('Add image'), png());
      await screen.findByRole('img', { name: 'Preview of the image to post' });
      await user.type(textarea(), 'Look at this');
      await user.click(postButton());

      await findToast('Post created');
      expect(api.requestsTo('POST', '/api/posts')[0]!.body).toEqual({
        content: 'Look at this',
        attachmentUrl: '/uploads/3f9c.png',
        attachmentType: 'image',
        mentionedUserIds: [],
      });
      // The composer starts over.
      expect(
        screen.queryByRole('img', { name: 'Preview of the image to post' }),
      ).not.toBeInTheDocument();
    });

    it("shows the server's message in a toast when the upload is refused", async () => {
      const { user } = renderComposer({
        'POST /api/uploads': jsonReply(413, { message: 'Images can be at most 5 MB' }),
      });
      await screen.findByText('No posts yet');

      await user.upload(screen.getByLabelText('Add image'), png());

      expect(await findToast('Failed to upload image')).toHaveTextContent(
        'Images can be at most 5 MB',
      );
      expect(
        screen.queryByRole('img', { name: 'Preview of the image to post' }),
      ).not.toBeInTheDocument();
    });
  });

  describe('@mentions', () => {
    it("offers people after 2 characters and inserts '@username ' on click", async () => {
      const { api, user, textarea, postButton } = renderComposer();
      await screen.findByText('No posts yet');

      await user.type(textarea(), 'Thanks @b');
      expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

      await user.type(textarea(), 'ob');
      const list = await screen.findByRole('listbox', { name: 'Mention someone' });
      expect(
        within(list)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['BBBob Builder@bob', 'BTBobby Tables@bobby_1']);
      const queries = api
        .requestsTo('GET', '/api/friends/search')
        .map((request) => request.search.get('query'));
      expect(queries.every((query) => query!.length >= 2)).toBe(true);
      expect(queries.at(-1)).toBe('bob');

      await user.click(within(list).getByRole('option', { name: /Bobby Tables/ }));
      expect(textarea()).toHaveValue('Thanks @bobby_1 ');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

      await user.type(textarea(), 'for the gift');
      await user.click(postButton());
      await findToast('Post created');
      expect(api.requestsTo('POST', '/api/posts')[0]!.body).toEqual({
        content: 'Thanks @bobby_1 for the gift',
        mentionedUserIds: [8],
      });
    });

    it('chooses with the arrow keys and Enter, and Escape closes the list', async () => {
      const { user, textarea } = renderComposer();
      await screen.findByText('No posts yet');

      await user.type(textarea(), '@bo');
      const list = await screen.findByRole('listbox');
      const options = within(list).getAllByRole('option');
      expect(options[0]).toHaveAttribute('aria-selected', 'true');

      await user.keyboard('{ArrowDown}');
      expect(options[1]).toHaveAttribute('aria-selected', 'true');
      expect(textarea()).toHaveAttribute('aria-activedescendant', options[1]!.id);
      await user.keyboard('{ArrowDown}');
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      await user.keyboard('{ArrowUp}');
      await user.keyboard('{Enter}');
      expect(textarea()).toHaveValue('@bobby_1 ');

      await user.type(textarea(), 'and @ca');
      await screen.findByRole('option', { name: /Carol Danvers/ });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(textarea()).toHaveValue('@bobby_1 and @ca');
    });

    it('does not start a mention inside a word', async () => {
      const { api, user, textarea } = renderComposer();
      await screen.findByText('No posts yet');

      await user.type(textarea(), 'mail casey@bob');
      // Give a (wrong) search time to happen.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(api.requestsTo('GET', '/api/friends/search')).toHaveLength(0);
    });

    it('sends the id of a mention typed out in full when a person has exactly that username', async () => {
      const { api, user, textarea, postButton } = renderComposer();
      await screen.findByText('No posts yet');

      await user.type(textarea(), 'Hi @carol and @nobody{Enter}and @bob');
      await user.click(postButton());

      await findToast('Post created');
      expect(api.requestsTo('POST', '/api/posts')[0]!.body).toEqual({
        content: 'Hi @carol and @nobody\nand @bob',
        mentionedUserIds: [9, 7],
      });
    });
  });
});
