import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  type FriendItem,
  type FriendRequestItem,
  type SuggestedFriend,
} from '@shared/schema/friends';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { FriendsPage } from '../pages/friends-page';
import { buildFriend, buildRequest, buildResult, buildSuggested } from './friends-fixtures';

const LOAD_ERROR = 'Failed to load friends data. Please try again later.';

type Lists = {
  requests?: FriendRequestItem[];
  friends?: FriendItem[];
  suggested?: SuggestedFriend[];
};

function renderFriends(lists: Lists = {}, extraRoutes: MockRoutes = {}) {
  const api = mockApi({
    'GET /api/friends/requests': jsonReply(200, lists.requests ?? []),
    'GET /api/friends': jsonReply(200, lists.friends ?? []),
    'GET /api/friends/suggested': jsonReply(200, lists.suggested ?? []),
    ...extraRoutes,
  });
  return { api, ...renderWithProviders(<FriendsPage />, { path: '/friends' }) };
}

describe('FriendsPage', () => {
  it('shows requests with their age, friends with their online state, and suggestions', async () => {
    renderFriends({
      requests: [buildRequest()],
      friends: [
        buildFriend({ id: 3, name: 'Avery Park', username: 'avery', isOnline: true }, 7),
        buildFriend({ id: 4, name: 'Blake Stone', username: 'blake', isOnline: false }, 8),
      ],
      suggested: [
        buildSuggested(),
        buildSuggested({ id: 10, name: 'Sam Fox', username: 'sam', mutualFriends: 1 }),
        buildSuggested({ id: 11, name: 'Kai Moss', username: 'kai', mutualFriends: 0 }),
      ],
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Friends' })).toBeInTheDocument();
    const addFriend = screen.getByRole('link', { name: 'Add Friend' });
    expect(addFriend).toHaveAttribute('href', '/add-friend');

    const requests = await screen.findByRole('list', { name: 'Friend requests' });
    const request = within(requests).getByRole('listitem');
    expect(request).toHaveTextContent('Jordan Lee');
    expect(request).toHaveTextContent('@jordan');
    expect(within(request).getByText('2 hours ago')).toBeInTheDocument();

    const friends = screen.getByRole('list', { name: 'Your friends' });
    const [avery, blake] = within(friends).getAllByRole('listitem');
    expect(avery).toHaveTextContent('Avery Park, Online');
    expect(blake).toHaveTextContent('Blake Stone, Offline');
    expect(
      within(avery!).getByRole('link', { name: 'View Profile of Avery Park' }),
    ).toHaveAttribute('href', '/u/avery');
    expect(within(avery!).getByRole('link', { name: 'Message Avery Park' })).toHaveAttribute(
      'href',
      '/messages/avery',
    );

    const suggested = screen.getByRole('list', { name: 'Suggested friends' });
    const items = within(suggested).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('2 mutual friends'),
      expect.stringContaining('1 mutual friend'),
      expect.stringContaining('No mutual friends'),
    ]);
  });

  it('accepts a request with the right body and moves the person into the friends list', async () => {
    let requests = [buildRequest()];
    let friends: FriendItem[] = [];
    const { api, user } = renderFriends(
      {},
      {
        'GET /api/friends/requests': () => jsonReply(200, requests),
        'GET /api/friends': () => jsonReply(200, friends),
        'POST /api/friends/respond': () => {
          requests = [];
          friends = [buildFriend({ id: 2, name: 'Jordan Lee', username: 'jordan' }, 41)];
          return jsonReply(
            200,
            buildResult({ id: 2, name: 'Jordan Lee', username: 'jordan' }, 'accepted', 41),
          );
        },
      },
    );

    await user.click(
      await screen.findByRole('button', { name: 'Accept friend request from Jordan Lee' }),
    );

    expect(api.requestsTo('POST', '/api/friends/respond').map((request) => request.body)).toEqual([
      { friendshipId: 41, action: 'accept' },
    ]);
    expect(await findToast('Friend request accepted')).toHaveTextContent(
      'You and Jordan Lee are now friends.',
    );
    const list = await screen.findByRole('list', { name: 'Your friends' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Jordan Lee, Online');
    expect(screen.getByText('No pending friend requests.')).toBeInTheDocument();
  });

  it('declines a request with action reject and drops it from the list', async () => {
    let requests = [buildRequest()];
    const { api, user } = renderFriends(
      {},
      {
        'GET /api/friends/requests': () => jsonReply(200, requests),
        'POST /api/friends/respond': () => {
          requests = [];
          return jsonReply(
            200,
            buildResult({ id: 2, name: 'Jordan Lee', username: 'jordan' }, 'rejected', 41),
          );
        },
      },
    );

    await user.click(
      await screen.findByRole('button', { name: 'Decline friend request from Jordan Lee' }),
    );

    expect(api.requestsTo('POST', '/api/friends/respond').map((request) => request.body)).toEqual([
      { friendshipId: 41, action: 'reject' },
    ]);
    expect(await findToast('Friend request declined')).toBeInTheDocument();
    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "You haven't added any friends yet. Use Add Friend to find people you know.",
      ),
    ).toBeInTheDocument();
  });

  it('says so when answering a request fails', async () => {
    const { user } = renderFriends(
      { requests: [buildRequest()] },
      {
        'POST /api/friends/respond': jsonReply(409, {
          message: 'This friend request has already been answered',
        }),
      },
    );

    await user.click(
      await screen.findByRole('button', { name: 'Accept friend request from Jordan Lee' }),
    );

    expect(await findToast('Failed to respond to request')).toHaveTextContent(
      'This friend request has already been answered',
    );
  });

  it('removes a friend only after the confirmation', async () => {
    let friends = [buildFriend({ name: 'Avery Park', username: 'avery' }, 7)];
    const { api, user } = renderFriends(
      {},
      {
        'GET /api/friends': () => jsonReply(200, friends),
        'DELETE /api/friends/:id': () => {
          friends = [];
          return jsonReply(204);
        },
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Remove Avery Park' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove friend?' });
    expect(dialog).toHaveTextContent('Avery Park will be removed from your friends.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE', '/api/friends/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove Avery Park' }));
    dialog = screen.getByRole('dialog', { name: 'Remove friend?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await findToast('Friend removed')).toHaveTextContent(
      'Avery Park is no longer your friend.',
    );
    expect(api.requestsTo('DELETE', '/api/friends/7')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(
        "You haven't added any friends yet. Use Add Friend to find people you know.",
      ),
    ).toBeInTheDocument();
  });

  it('keeps the confirmation open when removing fails', async () => {
    const { user } = renderFriends(
      { friends: [buildFriend({ name: 'Avery Park' }, 7)] },
      { 'DELETE /api/friends/:id': jsonReply(404, { message: 'Friend not found' }) },
    );

    await user.click(await screen.findByRole('button', { name: 'Remove Avery Park' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await findToast('Failed to remove friend')).toHaveTextContent('Friend not found');
    expect(screen.getByRole('dialog', { name: 'Remove friend?' })).toBeInTheDocument();
  });

  it("sends a friend request to a suggestion with 'Add' and shows it pending", async () => {
    const { api, user } = renderFriends(
      { suggested: [buildSuggested()] },
      {
        'POST /api/friends/request': jsonReply(
          201,
          buildResult({ id: 9, name: 'Riley Chen', username: 'riley' }),
        ),
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Add Riley Chen' }));

    expect(await findToast('Friend request sent')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/friends/request').map((request) => request.body)).toEqual([
      { username: 'riley' },
    ]);
    expect(screen.getByRole('button', { name: 'Pending Riley Chen' })).toBeDisabled();
  });

  it("shows 'Failed to send request' with the server's message when Add fails", async () => {
    const { user } = renderFriends(
      { suggested: [buildSuggested()] },
      {
        'POST /api/friends/request': jsonReply(409, {
          message: 'A friend request is already pending',
        }),
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Add Riley Chen' }));

    expect(await findToast('Failed to send request')).toHaveTextContent(
      'A friend request is already pending',
    );
    expect(screen.getByRole('button', { name: 'Add Riley Chen' })).toBeEnabled();
  });

  it('shows the load error with Try again that fetches the failed list again', async () => {
    let fail = true;
    const { api, user } = renderFriends(
      { requests: [buildRequest()] },
      {
        'GET /api/friends': () =>
          fail
            ? jsonReply(500, { message: 'Something went wrong' })
            : jsonReply(200, [buildFriend({ name: 'Avery Park' })]),
      },
    );

    expect(await screen.findByText(LOAD_ERROR)).toBeInTheDocument();
    // The lists that did load are still there.
    expect(await screen.findByRole('list', { name: 'Friend requests' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Friends' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('list', { name: 'Your friends' })).toHaveTextContent(
      'Avery Park',
    );
    expect(screen.queryByText(LOAD_ERROR)).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/friends')).toHaveLength(2);
    expect(api.requestsTo('GET', '/api/friends/requests')).toHaveLength(1);
  });

  it('shows an empty state for every section', async () => {
    renderFriends();

    expect(await screen.findByText('No pending friend requests.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        "You haven't added any friends yet. Use Add Friend to find people you know.",
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('No suggestions right now. Check back after you add a few friends.'),
    ).toBeInTheDocument();
  });

  it('shows skeletons while the lists load', () => {
    renderFriends(
      {},
      {
        'GET /api/friends/requests': pending,
        'GET /api/friends': pending,
        'GET /api/friends/suggested': pending,
      },
    );

    expect(screen.getByRole('status', { name: 'Loading friend requests' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading friends' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading suggested friends' })).toBeInTheDocument();
  });
});
