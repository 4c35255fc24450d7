import { and, eq, isNull, sql } from 'drizzle-orm';
import { type NotificationItem } from '@shared/schema/notifications';
import { notifications } from '@shared/tables/notifications';
import { type Database } from '../../db/client';
import { getNotification } from './list-notifications';

/** The recipient marks one notification read (idempotent); someone else's answers 404. */
export async function markNotificationRead(
  db: Database,
  recipientId: number,
  id: number,
): Promise<NotificationItem> {
  await getNotification(db, recipientId, id);
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.recipientId, recipientId),
        isNull(notifications.readAt),
      ),
    );
  return getNotification(db, recipientId, id);
}

export async function markAllNotificationsRead(db: Database, recipientId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
}
