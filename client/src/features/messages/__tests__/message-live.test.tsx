import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { useMessagesUnreadCount } from '@/api/get-messages-unread-count';
import {
  type CreateNotificationEventSource,
  type NotificationEventSource,
  useNotificationStream,
} from '@/lib/use-notification-stream';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, listReply, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { ConversationPage } from '../pages/conversation-page';
import { buildInfo, buildMessage } from './message-fixtures';

/** Stands in for the browser's EventSource; the test plays the server. */
class FakeEventSource implements NotificationEventSource {
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => this.listeners.get(type)?.forEach((listener) => listener(event)));
  }
}

function Live({ create }: { create: CreateNotificationEventSource }) {
  useNotificationStream({ userId: 1, createEventSource: create });
  const unread = useMessagesUnreadCount().data?.count;
  return <p>unread messages: {unread ?? '-'}</p>;
}

describe('Live messages on the notification stream', () => {
  it('puts a new message, a deletion and typing into the open conversation and refreshes the count', async () => {
    let unread = 0;
    mockApi({
      'GET /api/user': jsonReply(200, buildUser()),
      'GET /api/notifications/unread-count': jsonReply(200, { unread: 0 }),
      'GET /api/messages/unread-count': () => jsonReply(200, { count: unread }),
      'GET /api/messages': listReply([]),
      'GET /api/messages/:username/info': jsonReply(200, buildInfo()),
      'GET /api/messages/:username': listReply([buildMessage({ id: 1, text: 'First' })]),
      'POST /api/messages/:username/read': { status: 204 },
    });
    const source = new FakeEventSource();
    renderWithProviders(
      <>
        <Live create={() => source} />
        <Route path="/messages/:username">
          <ConversationPage />
        </Route>
      </>,
      { path: '/messages/avery' },
    );
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(await screen.findByText('unread messages: 0')).toBeInTheDocument();

    source.emit('typing', { username: 'avery' });
    expect(await screen.findByText('Avery Park is typing…')).toBeInTheDocument();

    unread = 1;
    source.emit('message', {
      username: 'avery',
      message: buildMessage({ id: 2, text: 'Arrived live' }),
    });
    expect(await within(list).findByText('Arrived live')).toBeInTheDocument();
    expect(await screen.findByText('unread messages: 1')).toBeInTheDocument();

    source.emit('message-deleted', { username: 'avery', id: 2 });
    await waitFor(() => expect(within(list).queryByText('Arrived live')).not.toBeInTheDocument());
    expect(within(list).getByText('This message was deleted')).toBeInTheDocument();
  });
});
