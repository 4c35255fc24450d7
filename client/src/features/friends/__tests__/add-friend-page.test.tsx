import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { AddFriendPage } from '../pages/add-friend-page';
import { buildResult, buildSearchResult } from './friends-fixtures';

const SEARCH = '/api/users/search';
/** Long enough for the 500 ms debounce and the answer. */
const SEARCH_WAIT = { timeout: 2000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderAddFriend(routes: MockRoutes = {}) {
  const api = mockApi(routes);
  return { api, ...renderWithProviders(<AddFriendPage />, { path: '/add-friend' }) };
}

function searchBox() {
  return screen.getByRole('searchbox', { name: 'Search by username or name' });
}

describe('AddFriendPage', () => {
  it('has a back arrow to /friends and the Add Friend heading', async () => {
    const { user, currentPath } = renderAddFriend();

    expect(screen.getByRole('heading', { level: 1, name: 'Add Friend' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to friends' });
    expect(back).toHaveAttribute('href', '/friends');
    await user.click(back);
    expect(currentPath()).toBe('/friends');
  });

  it('asks for at least 2 characters and does not search before that', async () => {
    const { api, user } = renderAddFriend({ [`GET ${SEARCH}`]: jsonReply(200, []) });

    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await user.type(searchBox(), 'j');
    await sleep(700);

    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    expect(api.requestsTo('GET', SEARCH)).toHaveLength(0);
  });

  it('searches once, 500 ms after the last keystroke', async () => {
    const { api, user } = renderAddFriend({
      [`GET ${SEARCH}`]: jsonReply(200, [buildSearchResult({ verified: true })]),
    });

    await user.type(searchBox(), 'jo');
    await sleep(300);
    await user.type(searchBox(), 'r');
    await sleep(300);
    // 300 ms after 'r': still waiting.
    expect(api.requestsTo('GET', SEARCH)).toHaveLength(0);

    const results = await screen.findByRole('list', { name: 'Search results' }, SEARCH_WAIT);
    const searches = api.requestsTo('GET', SEARCH);
    expect(searches).toHaveLength(1);
    expect(searches[0]!.search.get('q')).toBe('jor');

    const row = within(results).getByRole('listitem');
    expect(row).toHaveTextContent('JLJordan Lee');
    expect(row).toHaveTextContent('@jordan');
    expect(within(row).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute(
      'href',
      '/u/jordan',
    );
  });

  it("says 'No users found' when nobody matches", async () => {
    const { user } = renderAddFriend({ [`GET ${SEARCH}`]: jsonReply(200, []) });

    await user.type(searchBox(), 'zz');

    expect(await screen.findByText('No users found', undefined, SEARCH_WAIT)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
  });

  it('says the search failed, and Try again asks again', async () => {
    let calls = 0;
    const { user } = renderAddFriend({
      [`GET ${SEARCH}`]: () => {
        calls += 1;
        return calls === 1
          ? jsonReply(500, { message: 'Failed to search users' })
          : jsonReply(200, [buildSearchResult()]);
      },
    });

    await user.type(searchBox(), 'jo');

    expect(
      await screen.findByText(
        'Error searching for users. Please try again.',
        undefined,
        SEARCH_WAIT,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Search results' })).toHaveTextContent(
      'Jordan Lee',
    );
  });

  it('shows the server’s words when searching too often', async () => {
    const { user } = renderAddFriend({
      [`GET ${SEARCH}`]: jsonReply(429, { message: 'Too many searches. Please try again later.' }),
    });
    await user.type(searchBox(), 'jo');
    expect(
      await screen.findByText('Too many searches. Please try again later.', undefined, SEARCH_WAIT),
    ).toBeInTheDocument();
  });

  it("sends a request with Add Friend, says 'Friend request sent' and then shows Pending", async () => {
    const { api, user } = renderAddFriend({
      [`GET ${SEARCH}`]: jsonReply(200, [buildSearchResult()]),
      'POST /api/friends/request': jsonReply(
        201,
        buildResult({ id: 5, name: 'Jordan Lee', username: 'jordan' }),
      ),
    });

    await user.type(searchBox(), 'jor');
    await user.click(
      await screen.findByRole('button', { name: 'Add Friend Jordan Lee' }, SEARCH_WAIT),
    );

    expect(await findToast('Friend request sent')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/friends/request').map((request) => request.body)).toEqual([
      { username: 'jordan' },
    ]);
    const pendingButton = screen.getByRole('button', { name: /^Pending/ });
    expect(pendingButton).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Add Friend/ })).not.toBeInTheDocument();
  });

  it("says 'Failed to send request' when the request fails, and keeps Add Friend", async () => {
    const { user } = renderAddFriend({
      [`GET ${SEARCH}`]: jsonReply(200, [buildSearchResult()]),
      'POST /api/friends/request': jsonReply(409, { message: 'You are already friends' }),
    });

    await user.type(searchBox(), 'jor');
    await user.click(
      await screen.findByRole('button', { name: 'Add Friend Jordan Lee' }, SEARCH_WAIT),
    );

    expect(await findToast('Failed to send request')).toHaveTextContent('You are already friends');
    expect(screen.getByRole('button', { name: 'Add Friend Jordan Lee' })).toBeEnabled();
  });

  it('shows Friends and Pending, disabled, for people already asked or befriended', async () => {
    const { user } = renderAddFriend({
      [`GET ${SEARCH}`]: jsonReply(200, [
        buildSearchResult({
          id: 5,
          name: 'Jordan Lee',
          username: 'jordan',
          friendshipStatus: 'accepted',
        }),
        buildSearchResult({
          id: 6,
          name: 'Jo March',
          username: 'jomarch',
          friendshipStatus: 'pending',
        }),
        buildSearchResult({ id: 7, name: 'Joy Ride', username: 'joy', friendshipStatus: 'none' }),
      ]),
    });

    await user.type(searchBox(), 'jo');
    const results = await screen.findByRole('list', { name: 'Search results' }, SEARCH_WAIT);
    const [jordan, jo, joy] = within(results).getAllByRole('listitem');

    expect(within(jordan!).getByRole('button', { name: 'Friends with Jordan Lee' })).toBeDisabled();
    expect(
      within(jo!).getByRole('button', { name: 'Pending request with Jo March' }),
    ).toBeDisabled();
    expect(within(joy!).getByRole('button', { name: 'Add Friend Joy Ride' })).toBeEnabled();
    expect(within(jordan!).queryByRole('button', { name: /Add Friend/ })).not.toBeInTheDocument();
  });
});
