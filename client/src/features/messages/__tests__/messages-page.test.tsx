import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonReply, listReply, mockApi, type MockReply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { CONVERSATIONS_LOAD_ERROR, MessagesPage, NO_CONVERSATIONS } from '../pages/messages-page';
import { buildConversation } from './message-fixtures';

describe('MessagesPage', () => {
  it('lists conversations as the server orders them, with the first line, the age and the unread count', async () => {
    mockApi({
      'GET /api/messages': listReply([
        buildConversation({
          username: 'avery',
          name: 'Avery Park',
          unreadCount: 3,
          lastMessage: {
            text: 'First line\nsecond line',
            sentAt: new Date(Date.now() - 5 * 60_000).toISOString(),
            fromMe: false,
            deleted: false,
            hasImage: false,
            hasGiftCard: false,
          },
        }),
        buildConversation({
          username: 'blake',
          name: 'Blake Stone',
          unreadCount: 0,
          lastMessage: {
            text: '',
            sentAt: new Date(Date.now() - 2 * 24 * 3600_000).toISOString(),
            fromMe: true,
            deleted: false,
            hasImage: false,
            hasGiftCard: true,
          },
        }),
      ]),
    });
    renderWithProviders(<MessagesPage />, { path: '/messages' });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/messages/avery',
      '/messages/blake',
    ]);
    const [avery, blake] = links;
    expect(avery).toHaveTextContent('Avery Park');
    expect(avery).toHaveTextContent('First line');
    expect(avery).not.toHaveTextContent('second line');
    expect(avery).toHaveTextContent('5 minutes ago');
    expect(avery).toHaveAccessibleName(expect.stringContaining('3 unread'));
    expect(blake).toHaveTextContent('You: Sent a gift card');
    expect(blake).toHaveTextContent('2 days ago');
    expect(blake).not.toHaveAccessibleName(expect.stringContaining('unread'));
  });

  it('shows a skeleton while loading, then the empty state', async () => {
    let answer: (value: MockReply<'GET /api/messages'>) => void = () => {};
    mockApi({ 'GET /api/messages': () => new Promise((resolve) => (answer = resolve)) });
    renderWithProviders(<MessagesPage />, { path: '/messages' });
    expect(
      await screen.findByRole('status', { name: 'Loading conversations' }),
    ).toBeInTheDocument();
    answer(listReply([]));
    expect(await screen.findByText(NO_CONVERSATIONS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Friends' })).toHaveAttribute('href', '/friends');
  });

  it('shows the load error with Try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/messages': () =>
        fail ? jsonReply(500, { message: 'Boom' }) : listReply([buildConversation()]),
    });
    const { user } = renderWithProviders(<MessagesPage />, { path: '/messages' });
    expect(await screen.findByText(CONVERSATIONS_LOAD_ERROR)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Avery Park/ })).toBeInTheDocument();
  });
});

describe('Blocked people', () => {
  it('lists the people I blocked and unblocks one', async () => {
    let blocked = [
      { username: 'blake', name: 'Blake Stone', avatar: null, blockedAt: new Date().toISOString() },
    ];
    const api = mockApi({
      'GET /api/messages': listReply([]),
      'GET /api/users/blocked': () => jsonReply(200, blocked),
      'DELETE /api/users/:username/block': () => {
        blocked = [];
        return { status: 204 };
      },
    });
    const { user } = renderWithProviders(<MessagesPage />, { path: '/messages' });
    await user.click(await screen.findByRole('button', { name: 'Blocked people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocked people' });
    const list = await within(dialog).findByRole('list', { name: 'Blocked people' });
    expect(list).toHaveTextContent('Blake Stone');
    await user.click(within(list).getByRole('button', { name: 'Unblock Blake Stone' }));
    expect(await within(dialog).findByText('You have not blocked anyone.')).toBeInTheDocument();
    expect(api.requestsTo('DELETE', '/api/users/blake/block')).toHaveLength(1);
  });
});
