import { z } from 'zod';
import {
  notificationItemSchema,
  notificationListQuerySchema,
  notificationPreferenceSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '@shared/schema/notifications';
import { type UserType } from '@shared/constants';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { idParam } from '../lib/validate';
import { countUnread, listNotifications } from '../services/notifications/list-notifications';
import {
  markAllNotificationsRead,
  markNotificationRead,
} from '../services/notifications/mark-read';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from '../services/notifications/preferences';

const notificationIdParam = idParam('Notification');

const PING_INTERVAL_MS = 25_000;

export function notificationsRoutes({ db, notificationHub }: RouteDependencies): ApiRoute[] {
  const tag = 'Notifications';

  // The same list for either kind of account, each at its own path.
  const list = (role: UserType) =>
    defineRoute({
      method: 'get',
      path: `/${role}/notifications`,
      summary: `My notifications (${role} account), newest first`,
      tag,
      access: role,
      query: notificationListQuerySchema,
      answer: { kind: 'page', item: notificationItemSchema, description: 'One page, newest first' },
      handle: ({ user, query }) => listNotifications(db, user.id, query),
    });

  return [
    list('consumer'),
    list('business'),
    defineRoute({
      method: 'get',
      path: '/notifications/unread-count',
      summary: 'How many of my notifications are unread',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: unreadCountSchema,
        description: 'The unread count',
      },
      handle: async ({ user }) => ({ unread: await countUnread(db, user.id) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/notifications/:id/read',
      summary: 'Mark one of my notifications read',
      tag,
      access: 'signed-in',
      params: notificationIdParam,
      answer: {
        kind: 'json',
        status: 200,
        schema: notificationItemSchema,
        description: 'The notification, read',
      },
      handle: ({ user, params }) => markNotificationRead(db, user.id, params.id),
    }),
    defineRoute({
      method: 'post',
      path: '/notifications/read-all',
      summary: 'Mark all my notifications read',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: unreadCountSchema,
        description: 'Nothing is unread now',
      },
      handle: async ({ user }) => {
        await markAllNotificationsRead(db, user.id);
        return { unread: 0 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/notifications/preferences',
      summary: 'Which kinds of notification I receive',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(notificationPreferenceSchema),
        description: 'Every kind, on or off',
      },
      handle: ({ user }) => getNotificationPreferences(db, user.id),
    }),
    defineRoute({
      method: 'put',
      path: '/notifications/preferences',
      summary: 'Choose which kinds of notification I receive',
      tag,
      access: 'signed-in',
      body: notificationPreferencesSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(notificationPreferenceSchema),
        description: 'Every kind, on or off, as saved',
      },
      handle: ({ user, body }) => saveNotificationPreferences(db, user.id, body.preferences),
    }),
    // Server-sent events: each new notification of the signed-in user, as it happens.
    defineRoute({
      method: 'get',
      path: '/notifications/stream',
      summary: 'My new notifications as they happen (server-sent events)',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'raw',
        contentType: 'text/event-stream',
        description:
          'An event `notification` with each new notification as JSON, and for conversations `message`, `message-read`, `message-deleted` and `typing`; a comment line every 25 s keeps it open. At most 5 are open per account: opening a 6th sends the oldest an event `replaced` and ends it (its page should not reconnect)',
      },
      handle: async ({ user, request, response }) => {
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
      },
    }),
  ];
}
