import {
  type MessageDeletedEvent,
  type MessageEvent,
  type MessageReadEvent,
  type TypingEvent,
} from '@shared/schema/messages';
import { type NotificationItem } from '@shared/schema/notifications';
import { type DatabaseHandle } from '../../db/client';
import { type Logger } from '../../lib/logger';
import { loadMessageEvent } from '../messages/message-view';
import { getNotification } from './list-notifications';
import { NOTIFICATION_CHANNEL } from './notify';

/** One event of a user's stream: its SSE event name and its data. */
export type LiveEvent =
  | { event: 'notification'; data: NotificationItem }
  | { event: 'message'; data: MessageEvent }
  | { event: 'message-read'; data: MessageReadEvent }
  | { event: 'message-deleted'; data: MessageDeletedEvent }
  | { event: 'typing'; data: TypingEvent };

type Send = (item: LiveEvent) => void;
/**
 * Ends a stream: 'closing' when the hub closes (the browser reconnects, to another instance),
 * 'replaced' when the account opened a newer one past the cap (the browser should not reconnect,
 * or its tabs would take turns ending each other's streams).
 */
type End = (reason: 'closing' | 'replaced') => void;

/**
 * The most live streams one account holds open on an instance. Each costs a socket, a timer and
 * a load of every event it is sent; without a cap one account could open thousands. At the cap, a
 * new stream ends the account's oldest rather than being refused: the tab opened last is the one
 * being looked at. The ended one is told it was replaced, and its page polls instead of
 * reconnecting (which would end another tab's stream in turn).
 */
export const MAX_STREAMS_PER_ACCOUNT = 5;

type Payload = {
  recipientId?: unknown;
  id?: unknown;
  live?: unknown;
  messageId?: unknown;
  username?: unknown;
  upTo?: unknown;
};

/**
 * The event a NOTIFY stands for: a notification (loaded), a new message (loaded as the recipient
 * sees it), or a conversation signal whose payload is the event itself.
 */
async function eventOf(
  database: DatabaseHandle,
  recipientId: number,
  payload: Payload,
): Promise<LiveEvent | null> {
  const username = String(payload.username);
  switch (payload.live) {
    case undefined:
      return {
        event: 'notification',
        data: await getNotification(database.db, recipientId, Number(payload.id)),
      };
    case 'message':
      return {
        event: 'message',
        data: await loadMessageEvent(database.db, recipientId, Number(payload.messageId)),
      };
    case 'message-read':
      return { event: 'message-read', data: { username, upTo: Number(payload.upTo) } };
    case 'message-deleted':
      return { event: 'message-deleted', data: { username, id: Number(payload.id) } };
    case 'typing':
      return { event: 'typing', data: { username } };
    default:
      return null;
  }
}

export type NotificationHub = {
  /**
   * Starts listening for notifications if this instance is not yet (rejects while the database
   * cannot be reached; the next call tries again).
   */
  listen: () => Promise<void>;
  /**
   * Delivers each new notification and conversation event of `userId` to `send`; `end` is called when the hub closes
   * (shutdown), or when the account opens a stream past `MAX_STREAMS_PER_ACCOUNT` and this one
   * is its oldest. Answers the unsubscribe function.
   */
  subscribe: (userId: number, send: Send, end: End) => Promise<() => void>;
  /** Ends every open stream and stops listening. */
  close: () => Promise<void>;
};

/**
 * Live notifications for the streams open on this instance. Every instance LISTENs on one
 * channel; a NOTIFY names the recipient and the notification, and the instance holding that
 * recipient's streams loads it and pushes it. Nothing is kept in memory but the open streams.
 */
export function createNotificationHub(database: DatabaseHandle, logger: Logger): NotificationHub {
  // Each account's streams, oldest first (a Map keeps the order they were added in), each with
  // what ends it.
  const streams = new Map<number, Map<Send, End>>();
  const enders = new Set<End>();
  let listening: Promise<() => Promise<void>> | null = null;

  const deliver = (payload: string) => {
    let event: Payload;
    try {
      event = JSON.parse(payload) as Payload;
    } catch {
      return;
    }
    const recipientId = Number(event.recipientId);
    const sends = streams.get(recipientId);
    if (!sends || sends.size === 0) return;
    eventOf(database, recipientId, event).then(
      (item) => {
        if (item) for (const send of [...sends.keys()]) send(item);
      },
      (error: unknown) => logger.warn({ err: error }, 'live notification not delivered'),
    );
  };

  const listen = async () => {
    if (!listening) {
      const attempt = database.listen(NOTIFICATION_CHANNEL, deliver);
      listening = attempt;
      // A failed LISTEN is not kept: the next stream tries again.
      attempt.catch(() => {
        if (listening === attempt) listening = null;
      });
    }
    await listening;
  };

  return {
    listen,
    subscribe: async (userId, send, end) => {
      await listen();
      const sends = streams.get(userId) ?? new Map<Send, End>();
      streams.set(userId, sends);
      const unsubscribe = () => {
        enders.delete(end);
        sends.delete(send);
        if (sends.size === 0 && streams.get(userId) === sends) streams.delete(userId);
      };
      // Synchronous from here on: streams opened at the same moment cannot both pass the cap.
      while (sends.size >= MAX_STREAMS_PER_ACCOUNT) {
        const [oldest, endOldest] = sends.entries().next().value!;
        sends.delete(oldest);
        enders.delete(endOldest);
        endOldest('replaced');
      }
      sends.set(send, end);
      enders.add(end);
      return unsubscribe;
    },
    close: async () => {
      for (const end of [...enders]) end('closing');
      enders.clear();
      streams.clear();
      const stop = listening;
      listening = null;
      if (stop) await (await stop)();
    },
  };
}
