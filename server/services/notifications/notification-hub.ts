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
   * (shutdown). Answers the unsubscribe function.
   */
  subscribe: (userId: number, send: Send, end: () => void) => Promise<() => void>;
  /** Ends every open stream and stops listening. */
  close: () => Promise<void>;
};

/**
 * Live notifications for the streams open on this instance. Every instance LISTENs on one
 * channel; a NOTIFY names the recipient and the notification, and the instance holding that
 * recipient's streams loads it and pushes it. Nothing is kept in memory but the open streams.
 */
export function createNotificationHub(database: DatabaseHandle, logger: Logger): NotificationHub {
  const streams = new Map<number, Set<Send>>();
  const enders = new Set<() => void>();
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
        if (item) for (const send of sends) send(item);
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
      const sends = streams.get(userId) ?? new Set<Send>();
      sends.add(send);
      streams.set(userId, sends);
      enders.add(end);
      return () => {
        enders.delete(end);
        sends.delete(send);
        if (sends.size === 0) streams.delete(userId);
      };
    },
    close: async () => {
      for (const end of [...enders]) end();
      enders.clear();
      streams.clear();
      const stop = listening;
      listening = null;
      if (stop) await (await stop)();
    },
  };
}
