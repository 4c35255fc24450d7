import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type NotificationItem, type NotificationPreference } from '@shared/schema/notifications';
import { type CurrentUser } from '@shared/schema/users';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi, pending, type MockRoutes } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { NotificationsPage } from '../pages/notifications-page';
import { buildNotification, notificationPage } from './notification-fixtures';

const casey = buildUser({ id: 1, type: 'consumer', name: 'Casey Consumer', username: 'casey' });

const friendRequest = buildNotification({
  id: 11,
  type: 'friend_request_received',
  message: 'Alex Adams sent you a friend request',
  referenceType: 'friendship',
  referenceId: 44,
});
const giftReceived = buildNotification({
  id: 12,
  type: 'gift_received',
  message: 'You received a $25.00 gift card from Bo Brown',
  amount: 25,
  senderName: 'Bo Brown',
  referenceType: 'gift_card',
  referenceId: 90,
});
const welcome = buildNotification({
  id: 13,
  type: 'system',
  message: 'Welcome to mark.it! Complete your profile to get started.',
  read: true,
  createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  referenceType: 'profile',
  referenceId: 1,
});

const allItems = [friendRequest, giftReceived, welcome];

type RenderOptions = {
  user?: CurrentUser | null;
  items?: NotificationItem[];
  routes?: MockRoutes;
};

function renderPage({ user = casey, items = allItems, routes = {} }: RenderOptions = {}) {
  // The list of the signed-in account's type (consumer or business), filtered as the server does.
  const listItems = ({ search }: { search: URLSearchParams }) => {
    const filter = search.get('filter');
    const shown = items.filter((item) =>
      filter === 'unread' ? !item.read : filter === 'read' ? item.read : true,
    );
    return notificationPage(shown);
  };
  const api = mockApi({
    'GET /api/user': user ? jsonReply(200, user) : jsonReply(401, { message: 'Not signed in' }),
    'GET /api/consumer/notifications': listItems,
    'GET /api/business/notifications': listItems,
    'GET /api/notifications/unread-count': () =>
      jsonReply(200, { unread: items.filter((item) => !item.read).length }),
    'PATCH /api/notifications/:id/read': ({ params }) =>
      jsonReply(200, { ...(params.id === '12' ? giftReceived : friendRequest), read: true }),
    ...routes,
  });
  const rendered = renderWithProviders(<NotificationsPage />, { path: '/notifications' });
  return { ...rendered, api };
}

const list = () => screen.findByRole('list', { name: 'Notifications' });

describe('NotificationsPage', () => {
  it('shows the unread count and the list, unread first and highlighted', async () => {
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('You have 2 unread notification(s)')).toBeInTheDocument();
    const rows = within(await list()).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Alex Adams sent you a friend request',
      'You received a $25.00 gift card from Bo Brown',
      'Welcome to mark.it! Complete your profile to get started.',
    ]);
    expect(within(rows[0]!).getByText('Unread')).toHaveClass('sr-only');
    expect(rows[0]).toHaveClass('bg-accent');
    expect(within(rows[2]!).queryByText('Unread')).not.toBeInTheDocument();
    expect(rows[2]).not.toHaveClass('bg-accent');
    expect(within(rows[2]!).getByText('3 days ago')).toBeInTheDocument();
  });

  it('asks the business endpoint for a business', async () => {
    const business = buildUser({ id: 2, type: 'business', name: 'Bean Co', username: 'beanco' });
    const { api } = renderPage({
      user: business,
      items: [buildNotification({ id: 20, type: 'lead_created', message: 'Dana claimed a pin' })],
    });

    expect(await screen.findByText('Dana claimed a pin')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/business/notifications')).toHaveLength(1);
    expect(api.requestsTo('GET', '/api/consumer/notifications')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'View Lead' })).toBeInTheDocument();
  });

  it('renders nothing without a signed-in user', async () => {
    const { api } = renderPage({ user: null });
    await waitFor(() => expect(api.requestsTo('GET', '/api/user')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications')).toHaveLength(0);
  });

  it('offers Mark All Read only when something is unread, and marks all read', async () => {
    let items = allItems;
    const { user, api } = renderPage({
      routes: {
        'GET /api/notifications/unread-count': () =>
          jsonReply(200, { unread: items.filter((item) => !item.read).length }),
        'GET /api/consumer/notifications': () => notificationPage(items),
        'POST /api/notifications/read-all': () => {
          items = items.map((item) => ({ ...item, read: true }));
          return jsonReply(200, { unread: 0 });
        },
      },
    });
    await screen.findByText('You have 2 unread notification(s)');

    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));

    expect(api.requestsTo('POST', '/api/notifications/read-all')).toHaveLength(1);
    expect(await screen.findByText('You have 0 unread notification(s)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Unread')).not.toBeInTheDocument());
  });

  it('has no Mark All Read when all is read', async () => {
    renderPage({ items: [welcome] });
    expect(await screen.findByText('You have 0 unread notification(s)')).toBeInTheDocument();
    expect(await list()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark All Read' })).not.toBeInTheDocument();
  });

  it('filters on the server: unread only, read only, all', async () => {
    const { user, api } = renderPage();
    await list();
    const filters = screen.getByRole('radiogroup', { name: 'Filter notifications' });
    const all = within(filters).getByRole('radio', { name: 'All Notifications' });
    expect(all).toHaveAttribute('aria-checked', 'true');
    expect(api.requestsTo('GET', '/api/consumer/notifications')[0]?.search.get('filter')).toBe(
      'all',
    );

    await user.click(within(filters).getByRole('radio', { name: 'Unread Only' }));
    expect(within(filters).getByRole('radio', { name: 'Unread Only' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await waitFor(() => expect(screen.queryByText(welcome.message)).not.toBeInTheDocument());
    expect(screen.getByText(friendRequest.message)).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications').at(-1)?.search.get('filter')).toBe(
      'unread',
    );

    await user.click(within(filters).getByRole('radio', { name: 'Read Only' }));
    expect(await screen.findByText(welcome.message)).toBeInTheDocument();
    expect(screen.queryByText(friendRequest.message)).not.toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications').at(-1)?.search.get('filter')).toBe(
      'read',
    );
  });

  it('accepts a friend request through the friends API and marks the notification read', async () => {
    const { user, api } = renderPage({
      routes: {
        'POST /api/friends/respond': jsonReply(200, {
          friendshipId: 44,
          status: 'accepted',
          friend: { id: 5, name: 'Alex Adams', username: 'alex' },
        }),
      },
    });
    const row = (await screen.findByText(friendRequest.message)).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Accept' }));

    expect(await findToast('Friend request accepted')).toHaveTextContent(
      'You and Alex Adams are now friends.',
    );
    expect(api.requestsTo('POST', '/api/friends/respond')[0]?.body).toEqual({
      friendshipId: 44,
      action: 'accept',
    });
    expect(api.requestsTo('PATCH', '/api/notifications/11/read')).toHaveLength(1);
    expect(within(row).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('declines a friend request', async () => {
    const { user, api } = renderPage({
      routes: {
        'POST /api/friends/respond': jsonReply(200, {
          friendshipId: 44,
          status: 'rejected',
          friend: { id: 5, name: 'Alex Adams', username: 'alex' },
        }),
      },
    });
    const row = (await screen.findByText(friendRequest.message)).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Decline' }));

    expect(await findToast('Friend request declined')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/friends/respond')[0]?.body).toEqual({
      friendshipId: 44,
      action: 'reject',
    });
  });

  it('reports a friend request that could not be answered', async () => {
    const { user } = renderPage({
      routes: {
        'POST /api/friends/respond': jsonReply(409, {
          message: 'This request was already answered',
        }),
      },
    });
    const row = (await screen.findByText(friendRequest.message)).closest('li')!;
    await user.click(within(row).getByRole('button', { name: 'Accept' }));

    expect(await findToast('Failed to respond to request')).toHaveTextContent(
      'This request was already answered',
    );
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('opens a gift card in the wallet and marks it read', async () => {
    const { user, api, currentPath } = renderPage();
    await list();

    await user.click(screen.getByRole('link', { name: 'View Gift Card' }));

    expect(currentPath()).toBe('/wallet?card=90');
    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/notifications/12/read')).toHaveLength(1),
    );
  });

  it('shows a card about to expire with a link to it in the wallet', async () => {
    renderPage({
      items: [
        buildNotification({
          id: 30,
          type: 'card_expiring',
          message: 'Your Starbucks gift card has $10.00 left and expires in 3 days',
          amount: 10,
          referenceType: 'gift_card',
          referenceId: 77,
        }),
      ],
    });
    const row = within(await list()).getByRole('listitem');
    expect(
      within(row).getByText('Your Starbucks gift card has $10.00 left and expires in 3 days'),
    ).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View Gift Card' })).toHaveAttribute(
      'href',
      '/wallet?card=77',
    );
    expect(row.querySelector('[data-kind="system"] svg.lucide-calendar-clock')).not.toBeNull();
  });

  it('shows a grouped like with a heart, opens the feed and marks it read', async () => {
    const likes = buildNotification({
      id: 31,
      type: 'post_liked',
      message: 'Ava Able and 3 others liked your post',
      senderName: 'Ava Able',
      referenceType: 'post',
      referenceId: 8,
    });
    const { user, api, currentPath } = renderPage({
      items: [likes],
      routes: { 'PATCH /api/notifications/:id/read': jsonReply(200, { ...likes, read: true }) },
    });
    const row = within(await list()).getByRole('listitem');
    expect(within(row).getByText('Ava Able and 3 others liked your post')).toBeInTheDocument();
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    expect(row.querySelector('svg.lucide-heart')).not.toBeNull();

    await user.click(within(row).getByRole('link', { name: 'View Post' }));

    expect(currentPath()).toBe('/social-feed');
    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/notifications/31/read')).toHaveLength(1),
    );
  });

  it('shows grouped comments with a speech bubble and a link to the feed', async () => {
    renderPage({
      items: [
        buildNotification({
          id: 32,
          type: 'post_commented',
          message: 'Ben Baker commented on your post',
          read: true,
          referenceType: 'post',
          referenceId: 8,
        }),
      ],
    });
    const row = within(await list()).getByRole('listitem');
    expect(within(row).getByText('Ben Baker commented on your post')).toBeInTheDocument();
    expect(within(row).queryByText('Unread')).not.toBeInTheDocument();
    expect(row.querySelector('svg.lucide-message-circle')).not.toBeNull();
    expect(within(row).getByRole('link', { name: 'View Post' })).toHaveAttribute(
      'href',
      '/social-feed',
    );
  });

  it('switches likes on your posts off in the settings', async () => {
    const preferences: NotificationPreference[] = [
      { type: 'post_liked', label: 'Likes on your posts', inApp: true },
      { type: 'post_commented', label: 'Comments on your posts', inApp: true },
    ];
    const { user, api } = renderPage({
      routes: {
        'GET /api/notifications/preferences': jsonReply(200, preferences),
        'PUT /api/notifications/preferences': ({ body }) =>
          jsonReply(
            200,
            body.preferences.map((choice) => ({
              ...choice,
              label: preferences.find((preference) => preference.type === choice.type)?.label ?? '',
            })),
          ),
      },
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    const likes = await within(dialog).findByRole('checkbox', { name: 'Likes on your posts' });
    expect(likes).toBeChecked();
    await user.click(likes);
    expect(likes).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Settings saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/notifications/preferences')[0]?.body).toEqual({
      preferences: [
        { type: 'post_liked', inApp: false },
        { type: 'post_commented', inApp: true },
      ],
    });
  });

  it('links Complete Profile to Settings, where the profile is edited', async () => {
    renderPage();
    await list();
    expect(screen.getByRole('link', { name: 'Complete Profile' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('marks an item read when it is clicked, once', async () => {
    const { user, api } = renderPage();
    await list();

    await user.click(screen.getByText(giftReceived.message));
    await user.click(screen.getByText(giftReceived.message));
    await user.click(screen.getByText(welcome.message));

    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/notifications/12/read')).toHaveLength(1),
    );
    // Already read: nothing to send.
    expect(api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('marks an item read from its Mark as read button', async () => {
    const { user, api } = renderPage();
    const row = (await screen.findByText(friendRequest.message)).closest('li')!;

    await user.click(within(row).getByRole('button', { name: 'Mark as read' }));

    await waitFor(() =>
      expect(api.requestsTo('PATCH', '/api/notifications/11/read')).toHaveLength(1),
    );
    await waitFor(() => expect(within(row).queryByText('Unread')).not.toBeInTheDocument());
  });

  it('shows the empty state', async () => {
    renderPage({ items: [] });
    expect(await screen.findByText("You don't have any notifications yet.")).toBeInTheDocument();
    expect(screen.getByText('You have 0 unread notification(s)')).toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    renderPage({ routes: { 'GET /api/consumer/notifications': pending } });
    expect(
      await screen.findByRole('status', { name: 'Loading notifications' }),
    ).toBeInTheDocument();
  });

  it('reports a failed load and tries again', async () => {
    let fail = true;
    const { user } = renderPage({
      routes: {
        'GET /api/consumer/notifications': () =>
          fail ? jsonReply(500, { message: 'Something went wrong' }) : notificationPage(allItems),
      },
    });

    expect(
      await screen.findByText('Failed to load notifications. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(friendRequest.message)).toBeInTheDocument();
    expect(
      screen.queryByText('Failed to load notifications. Please try again later.'),
    ).not.toBeInTheDocument();
  });

  it('loads more pages', async () => {
    const more = Array.from({ length: 3 }, (_, index) =>
      buildNotification({ id: 100 + index, message: `Older notice ${index + 1}`, read: true }),
    );
    const { user, api } = renderPage({
      routes: {
        'GET /api/consumer/notifications': (request) =>
          request.search.get('page') === '2'
            ? notificationPage(more.slice(2), { page: 2, limit: 2, total: 3 })
            : notificationPage(more.slice(0, 2), { page: 1, limit: 2, total: 3 }),
      },
    });
    expect(await screen.findByText('Older notice 2')).toBeInTheDocument();
    expect(screen.queryByText('Older notice 3')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Older notice 3')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications').at(-1)?.search.get('page')).toBe(
      '2',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('saves notification settings', async () => {
    const preferences: NotificationPreference[] = [
      { type: 'friend_request_received', label: 'Friend requests', inApp: true },
      { type: 'gift_received', label: 'Gift cards received', inApp: true },
      { type: 'system', label: 'Account and system messages', inApp: false },
    ];
    const { user, api } = renderPage({
      routes: {
        'GET /api/notifications/preferences': jsonReply(200, preferences),
        'PUT /api/notifications/preferences': ({ body }) =>
          jsonReply(
            200,
            body.preferences.map((choice) => ({
              ...choice,
              label: preferences.find((preference) => preference.type === choice.type)?.label ?? '',
            })),
          ),
      },
    });
    await list();

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    const friendRequests = await within(dialog).findByRole('checkbox', { name: 'Friend requests' });
    expect(friendRequests).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Account and system messages' }),
    ).not.toBeChecked();

    await user.click(friendRequests);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Account and system messages' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Settings saved')).toBeInTheDocument();
    expect(api.requestsTo('PUT', '/api/notifications/preferences')[0]?.body).toEqual({
      preferences: [
        { type: 'friend_request_received', inApp: false },
        { type: 'gift_received', inApp: true },
        { type: 'system', inApp: true },
      ],
    });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Notification Settings' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('keeps the settings open when saving fails', async () => {
    const { user } = renderPage({
      routes: {
        'GET /api/notifications/preferences': jsonReply(200, [
          { type: 'system', label: 'Account and system messages', inApp: true },
        ]),
        'PUT /api/notifications/preferences': jsonReply(500, { message: 'Could not save' }),
      },
    });
    await list();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification Settings' });
    await within(dialog).findByRole('checkbox', { name: 'Account and system messages' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await findToast('Failed to save settings')).toHaveTextContent('Could not save');
    expect(screen.getByRole('dialog', { name: 'Notification Settings' })).toBeInTheDocument();
  });
});
