import { notificationsContracts as contracts } from '@shared/contracts/notifications';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { countUnread, listNotifications } from '../services/notifications/list-notifications';
import {
  markAllNotificationsRead,
  markNotificationRead,
} from '../services/notifications/mark-read';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from '../services/notifications/preferences';

const PING_INTERVAL_MS = 25_000;

export function notificationsRoutes({ db, notificationHub }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.consumerList, ({ user, query }) => listNotifications(db, user.id, query)),
    implement(contracts.businessList, ({ user, query }) => listNotifications(db, user.id, query)),
    implement(contracts.unreadCount, async ({ user }) => ({
      unread: await countUnread(db, user.id),
    })),
    implement(contracts.markRead, ({ user, params }) =>
      markNotificationRead(db, user.id, params.id),
    ),
    implement(contracts.markAllRead, async ({ user }) => {
      await markAllNotificationsRead(db, user.id);
      return { unread: 0 };
    }),
    implement(contracts.preferences, ({ user }) => getNotificationPreferences(db, user.id)),
    implement(contracts.savePreferences, ({ user, body }) =>
      saveNotificationPreferences(db, user.id, body.preferences),
    ),
    implement(contracts.stream, async ({ user, request, response }) => {
      // Listening first: with the database unreachable this answers 503, not a stream that dies.
      await notificationHub.listen();
      response.status(200).set({
        'Content-Type': 'text/event-stream',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      response.flushHeaders();
      response.write(': connected\n\n');
      const unsubscribe = await notificationHub.subscribe(
        user.id,
        (item) => response.write(`event: ${item.event}\ndata: ${JSON.stringify(item.data)}\n\n`),
        (reason) => {
          if (reason === 'replaced') response.write('event: replaced\ndata: {}\n\n');
          response.end();
        },
      );
      const ping = setInterval(() => response.write(': ping\n\n'), PING_INTERVAL_MS);
      request.on('close', () => {
        clearInterval(ping);
        unsubscribe();
      });
    }),
  ];
}
