import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockHandler, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { UserFriendsPage } from '../pages/user-friends-page';
import { buildPublicFriend, buildResult } from './friends-fixtures';

const FRIENDS_OF_JORDAN = '/api/user/jordan/friends';

function renderUserFriends(
  friends: MockHandler<'GET /api/user/:username/friends'>,
  {
    viewer = buildUser(),
    routes = {},
  }: { viewer?: ReturnType<typeof buildUser> | null; routes?: MockRoutes } = {},
) {
  const api = mockApi({
    'GET /api/user': viewer ? jsonReply(200, viewer) : jsonReply(401, { message: 'Not signed in' }),
    'GET /api/user/:username/friends': friends,
    ...routes,
  });
  return {
    api,
    ...renderWithProviders(<Route path="/friends/:username" component={UserFriendsPage} />, {
      path: '/friends/jordan',
    }),
  };
}

describe('UserFriendsPage', () => {
  it("lists the user's friends with View Profile links", async () => {
    const { api } = renderUserFriends(
      jsonReply(200, [
        buildPublicFriend({ id: 3, name: 'Avery Park', username: 'avery', verified: true }),
        buildPublicFriend({ id: 4, name: 'Blake Stone', username: 'blake' }),
      ]),
    );

    expect(
      screen.getByRole('heading', { level: 1, name: "@jordan's friends" }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: "@jordan's friends" });
    const [avery, blake] = within(list).getAllByRole('listitem');
    expect(avery).toHaveTextContent('Avery Park');
    expect(within(avery!).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(
      within(avery!).getByRole('link', { name: 'View Profile of Avery Park' }),
    ).toHaveAttribute('href', '/u/avery');
    expect(
      within(blake!).getByRole('link', { name: 'View Profile of Blake Stone' }),
    ).toHaveAttribute('href', '/u/blake');
    expect(within(blake!).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', FRIENDS_OF_JORDAN)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to profile' })).toHaveAttribute(
      'href',
      '/u/jordan',
    );
  });

  it('says when the user has no friends yet', async () => {
    renderUserFriends(jsonReply(200, []));

    expect(await screen.findByText('@jordan has no friends on mark.it yet.')).toBeInTheDocument();
  });

  it('shows Profile Not Found with a link home for an unknown username', async () => {
    renderUserFriends(jsonReply(404, { message: 'User not found' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Profile Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('shows the load error with Try again for other failures', async () => {
    let fail = true;
    const { user } = renderUserFriends(() =>
      fail ? jsonReply(500, { message: 'Oops' }) : jsonReply(200, [buildPublicFriend()]),
    );

    expect(
      await screen.findByText('Failed to load friends data. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: "@jordan's friends" })).toHaveTextContent(
      'Avery Park',
    );
  });

  it('shows a skeleton while loading', () => {
    renderUserFriends(pending);
    expect(screen.getByRole('status', { name: 'Loading friends' })).toBeInTheDocument();
  });

  it('lets a signed-in visitor ask the owner to be friends', async () => {
    const { api, user } = renderUserFriends(jsonReply(200, [buildPublicFriend()]), {
      routes: {
        'POST /api/friends/request': jsonReply(
          201,
          buildResult({ id: 2, name: 'Jordan Lee', username: 'jordan' }),
        ),
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Add Friend' }));

    expect(await findToast('Friend request sent')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/friends/request').map((request) => request.body)).toEqual([
      { username: 'jordan' },
    ]);
    expect(screen.getByRole('button', { name: 'Pending' })).toBeDisabled();
  });

  it('shows Friends instead of Add Friend when the visitor is in the list', async () => {
    renderUserFriends(jsonReply(200, [buildPublicFriend({ id: 1, name: 'Casey Consumer' })]));

    expect(await screen.findByRole('button', { name: 'Friends' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });

  it('offers no Add Friend on your own list or when signed out', async () => {
    const { unmount } = renderUserFriends(jsonReply(200, []), {
      viewer: buildUser({ username: 'Jordan' }),
    });
    await screen.findByText('@jordan has no friends on mark.it yet.');
    // Give the session answer time to arrive, so the absence is not just 'not loaded yet'.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
    unmount();

    renderUserFriends(jsonReply(200, []), { viewer: null });
    await screen.findByText('@jordan has no friends on mark.it yet.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
  });
});
