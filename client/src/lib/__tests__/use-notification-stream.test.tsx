import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { notificationsContracts } from '@shared/contracts/notifications';
import { redemptionsContracts } from '@shared/contracts/redemptions';
import { type NotificationItem } from '@shared/schema/notifications';
import { useUnreadCount } from '@/api/get-unread-count';
import { contractQuery } from '@/lib/query-client';
import { jsonReply, listReply, mockApi } from '@/testing/mock-api';
import { findToast, renderWithProviders, toastRegion } from '@/testing/test-utils';
import {
  type CreateNotificationEventSource,
  NOTIFICATION_STREAM_URL,
  type NotificationEventSource,
  useNotificationStream,
} from '../use-notification-stream';

/** Stands in for the browser's EventSource (jsdom has none); the test plays the server. */
class FakeEventSource implements NotificationEventSource {
  closed = false;
  private readonly listeners = new Map<string, Set<(event: MessageEvent) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, {
      data: data === undefined ? undefined : JSON.stringify(data),
    });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }
}

function fakeStreams() {
  const opened: FakeEventSource[] = [];
  const create: CreateNotificationEventSource = (url) => {
    const source = new FakeEventSource(url);
    opened.push(source);
    return source;
  };
  return { opened, create, latest: () => opened.at(-1)! };
}

type HarnessProps = { userId: number | null; createEventSource: CreateNotificationEventSource };

/** The hook as the shell uses it, with a badge and a list that show what it refreshes. */
function Harness({ userId, createEventSource }: HarnessProps) {
  const status = useNotificationStream({ userId, createEventSource });
  const count = useUnreadCount({ enabled: userId !== null });
  const list = useQuery({
    ...contractQuery(notificationsContracts.consumerList, { query: { filter: 'all' } }),
    enabled: userId !== null,
  });
  return (
    <>
      <p>status: {status}</p>
      <p>unread: {count.data?.unread ?? '-'}</p>
      <p>listed: {list.data?.items.length ?? '-'}</p>
    </>
  );
}

function serverState(unread = 0) {
  const state: { unread: number; items: NotificationItem[] } = { unread, items: [] };
  const api = mockApi({
    'GET /api/notifications/unread-count': () => jsonReply(200, { unread: state.unread }),
    'GET /api/consumer/notifications': () => listReply(state.items),
  });
  return { state, api };
}

const notification: NotificationItem = {
  id: 31,
  type: 'friend_request_received',
  message: 'Alex Adams sent you a friend request',
  amount: null,
  senderName: 'Alex Adams',
  senderAvatar: null,
  senderUsername: 'alex',
  receiverName: 'Casey Consumer',
  receiverAvatar: null,
  createdAt: '2025-03-04T12:00:00.000Z',
  read: false,
  referenceType: null,
  referenceId: null,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('useNotificationStream', () => {
  it('refreshes the wallet and an open counter code when a notification is about a gift card (a spend at a counter), not otherwise', async () => {
    const { api } = serverState(0);
    const streams = fakeStreams();
    function WalletHarness() {
      useNotificationStream({ userId: 1, createEventSource: streams.create });
      const wallet = useQuery(contractQuery(giftCardsContracts.consumerCards));
      // Use Card's code shows the card's balance: a spend must reach the open dialog too.
      useQuery(contractQuery(redemptionsContracts.createCode, { params: { id: 11 } }));
      return <p>wallet: {wallet.isSuccess ? 'loaded' : '-'}</p>;
    }
    const walletCalls = () => api.requestsTo('GET', '/api/gift-cards/consumer/wallet').length;
    const codeCalls = () => api.requestsTo('POST', '/api/gift-cards/11/redemption-code').length;
    renderWithProviders(<WalletHarness />);
    await waitFor(() => expect(walletCalls()).toBe(1));
    await waitFor(() => expect(codeCalls()).toBe(1));
    streams.latest().emit('open');

    streams.latest().emit('notification', notification);
    await findToast('New notification');
    expect(walletCalls()).toBe(1);

    streams.latest().emit('notification', {
      id: 32,
      type: 'gift_redeemed',
      message: 'You spent $4.25 of your Starbucks gift card at Bean Street Coffee. $5.75 left.',
      read: false,
      referenceType: 'gift_card',
      referenceId: 11,
    });
    await waitFor(() => expect(walletCalls()).toBe(2));
    await waitFor(() => expect(codeCalls()).toBe(2));
  });

  it('opens the stream and, on each notification, toasts and refreshes the badge and list', async () => {
    const { state, api } = serverState(1);
    const streams = fakeStreams();
    renderWithProviders(<Harness userId={1} createEventSource={streams.create} />);

    expect(await screen.findByText('unread: 1')).toBeInTheDocument();
    expect(streams.opened).toHaveLength(1);
    expect(streams.latest().url).toBe(NOTIFICATION_STREAM_URL);
    streams.latest().emit('open');
    expect(screen.getByText('status: open')).toBeInTheDocument();
    const listCalls = api.requestsTo('GET', '/api/consumer/notifications').length;

    state.unread = 2;
    state.items = [notification];
    streams.latest().emit('notification', notification);

    expect(await findToast('New notification')).toHaveTextContent(
      'Alex Adams sent you a friend request',
    );
    expect(await screen.findByText('unread: 2')).toBeInTheDocument();
    expect(await screen.findByText('listed: 1')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications').length).toBeGreaterThan(listCalls);
  });

  it("says 'New notification' for an event without text", async () => {
    serverState(0);
    const streams = fakeStreams();
    renderWithProviders(<Harness userId={1} createEventSource={streams.create} />);
    await screen.findByText('unread: 0');
    streams.latest().emit('open');

    streams.latest().emit('notification', { ...notification, message: '' });

    const toast = await findToast('New notification');
    expect(within(toast).getAllByText('New notification')).toHaveLength(1);
    expect(toast.textContent).not.toContain('sent you');
  });

  it('does not toast on /notifications, where the list shows it', async () => {
    const { state } = serverState(0);
    const streams = fakeStreams();
    renderWithProviders(<Harness userId={1} createEventSource={streams.create} />, {
      path: '/notifications',
    });
    await screen.findByText('unread: 0');
    streams.latest().emit('open');

    state.unread = 1;
    streams.latest().emit('notification', notification);

    expect(await screen.findByText('unread: 1')).toBeInTheDocument();
    expect(within(toastRegion()).queryByText('New notification')).not.toBeInTheDocument();
  });

  it('polls the count every 15 s while the stream is down, and retries it with backoff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, api } = serverState(1);
    const streams = fakeStreams();
    renderWithProviders(<Harness userId={1} createEventSource={streams.create} />);
    await screen.findByText('unread: 1');
    streams.latest().emit('open');

    streams.latest().emit('error');
    expect(streams.opened[0]!.closed).toBe(true);
    expect(screen.getByText('status: polling')).toBeInTheDocument();
    const countCalls = () => api.requestsTo('GET', '/api/notifications/unread-count').length;
    const before = countCalls();
    const listBefore = api.requestsTo('GET', '/api/consumer/notifications').length;

    // 5 s: the stream is tried again (and fails again); the next try waits 10 s.
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(streams.opened).toHaveLength(2);
    streams.latest().emit('error');
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(streams.opened).toHaveLength(2);
    expect(countCalls()).toBe(before);

    // 15 s: the count is asked for; it rose, so the list is refreshed and the user told. The
    // third stream opens at the same moment.
    state.unread = 3;
    state.items = [notification, notification];
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(countCalls()).toBeGreaterThan(before);
    expect(await screen.findByText('unread: 3')).toBeInTheDocument();
    expect(await findToast('New notification')).toHaveTextContent('You have new notifications');
    expect(await screen.findByText('listed: 2')).toBeInTheDocument();
    expect(api.requestsTo('GET', '/api/consumer/notifications').length).toBeGreaterThan(listBefore);
    expect(streams.opened).toHaveLength(3);
    streams.latest().emit('open');
    expect(screen.getByText('status: open')).toBeInTheDocument();

    // Back live: no more polling.
    const whileOpen = countCalls();
    await act(() => vi.advanceTimersByTimeAsync(45_000));
    expect(countCalls()).toBe(whileOpen);
  });

  it('polls, without reconnecting, once the server replaced the stream; reconnects when the tab is looked at', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = serverState(0);
    const streams = fakeStreams();
    renderWithProviders(<Harness userId={1} createEventSource={streams.create} />);
    await screen.findByText('unread: 0');
    streams.latest().emit('open');

    // The account's other tabs opened newer streams: this one was ended for them.
    streams.latest().emit('replaced', {});
    expect(streams.opened[0]!.closed).toBe(true);
    expect(screen.getByText('status: polling')).toBeInTheDocument();
    const countCalls = () => api.requestsTo('GET', '/api/notifications/unread-count').length;
    const before = countCalls();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    // No new stream (it would end another tab's), while the count is polled.
    expect(streams.opened).toHaveLength(1);
    expect(countCalls()).toBeGreaterThan(before);

    // Looked at again: this tab takes a stream back.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(streams.opened).toHaveLength(2);
    streams.latest().emit('open');
    expect(screen.getByText('status: open')).toBeInTheDocument();
  });

  it('polls when the browser has no EventSource', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = serverState(0);
    renderWithProviders(<Harness userId={1} createEventSource={() => null} />);
    await screen.findByText('unread: 0');
    expect(screen.getByText('status: polling')).toBeInTheDocument();
    const before = api.requestsTo('GET', '/api/notifications/unread-count').length;

    await act(() => vi.advanceTimersByTimeAsync(15_000));

    await waitFor(() =>
      expect(api.requestsTo('GET', '/api/notifications/unread-count').length).toBe(before + 1),
    );
  });

  it('closes the stream on sign-out and on unmount, and opens none when signed out', async () => {
    serverState(0);
    const streams = fakeStreams();
    function SignInOut() {
      const [userId, setUserId] = useState<number | null>(1);
      return (
        <>
          <button onClick={() => setUserId(null)}>Sign out</button>
          <button onClick={() => setUserId(2)}>Sign in</button>
          <Harness userId={userId} createEventSource={streams.create} />
        </>
      );
    }
    const { user, unmount } = renderWithProviders(<SignInOut />);
    await screen.findByText('unread: 0');
    expect(streams.opened).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(streams.opened[0]!.closed).toBe(true);
    expect(streams.opened).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(streams.opened).toHaveLength(2);
    expect(streams.opened[1]!.closed).toBe(false);
    unmount();
    expect(streams.opened[1]!.closed).toBe(true);
  });
});
