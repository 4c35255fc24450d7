import { type Request, type Response, Router } from 'express';
import {
  notificationListQuerySchema,
  notificationPreferencesSchema,
} from '@shared/schema/notifications';
import { type UserType } from '@shared/constants';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireSession, requireUser } from '../auth/guards';
import { sendPage } from '../lib/list-answer';
import { parseInput, idParam } from '../lib/validate';
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

export function notificationsRouter({ db, notificationHub }: RouteDependencies): Router {
  const router = Router();

  const list = (role: UserType) => [
    requireRole(role),
    async (request: Request, response: Response) => {
      const user = requireUser(request);
      const query = parseInput(notificationListQuerySchema, request.query);
      sendPage(request, response, await listNotifications(db, user.id, query));
    },
  ];
  router.get('/consumer/notifications', ...list('consumer'));
  router.get('/business/notifications', ...list('business'));

  router.get('/notifications/unread-count', requireSession, async (request, response) => {
    const user = requireUser(request);
    response.json({ unread: await countUnread(db, user.id) });
  });

  router.patch('/notifications/:id/read', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(notificationIdParam, request.params);
    response.json(await markNotificationRead(db, user.id, id));
  });

  router.post('/notifications/read-all', requireSession, async (request, response) => {
    const user = requireUser(request);
    await markAllNotificationsRead(db, user.id);
    response.json({ unread: 0 });
  });

  router.get('/notifications/preferences', requireSession, async (request, response) => {
    const user = requireUser(request);
    response.json(await getNotificationPreferences(db, user.id));
  });

  router.put('/notifications/preferences', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { preferences } = parseInput(notificationPreferencesSchema, request.body);
    response.json(await saveNotificationPreferences(db, user.id, preferences));
  });

  // Server-sent events: each new notification of the signed-in user, as it happens.
  router.get('/notifications/stream', requireSession, async (request, response) => {
    const user = requireUser(request);
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
      (item) => response.write(`event: notification\ndata: ${JSON.stringify(item)}\n\n`),
      () => response.end(),
    );
    const ping = setInterval(() => response.write(': ping\n\n'), PING_INTERVAL_MS);
    request.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
  });

  return router;
}
