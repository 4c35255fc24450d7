import { type NotificationItem } from '@shared/schema/notifications';
import { type DatabaseHandle } from '../../db/client';
import { type Logger } from '../../lib/logger';
import { getNotification } from './list-notifications';
import { NOTIFICATION_CHANNEL } from './notify';

type Send = (item: NotificationItem) => void;

export type NotificationHub = {
  /**
   * Starts listening for notifications if this instance is not yet (rejects while the database
   * cannot be reached; the next call tries again).
   */
  listen: () => Promise<void>;
  /**
   * Delivers each new notification of `userId` to `send`; `end` is called when the hub closes
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
    let event: { recipientId?: unknown; id?: unknown };
    try {
      event = JSON.parse(payload) as typeof event;
    } catch {
      return;
    }
    const recipientId = Number(event.recipientId);
    const sends = streams.get(recipientId);
    if (!sends || sends.size === 0) return;
    getNotification(database.db, recipientId, Number(event.id)).then(
      (item) => {
        for (const send of sends) send(item);
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
