import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@shared/constants';
import {
  NOTIFICATION_TYPE_LABELS,
  type NotificationPreference,
} from '@shared/schema/notifications';
import { notificationPreferences } from '@shared/tables/notifications';
import { type Database } from '../../db/client';

/** Every kind with the user's in-app choice (on unless switched off). */
export async function getNotificationPreferences(
  db: Database,
  userId: number,
): Promise<NotificationPreference[]> {
  const rows = await db
    .select({ type: notificationPreferences.type, inApp: notificationPreferences.inApp })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.type, row.inApp]));
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    label: NOTIFICATION_TYPE_LABELS[type],
    inApp: chosen.get(type) ?? true,
  }));
}

export async function saveNotificationPreferences(
  db: Database,
  userId: number,
  preferences: { type: NotificationType; inApp: boolean }[],
): Promise<NotificationPreference[]> {
  if (preferences.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(preferences.map((preference) => ({ userId, ...preference })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { inApp: sql`excluded.in_app` },
      });
  }
  return getNotificationPreferences(db, userId);
}
