import { type NotificationItem } from '@shared/schema/notifications';
import { toNotificationDisplay } from '../lib/notification-display';
import { NotificationListItem } from './notification-item';

type NotificationListProps = { notifications: NotificationItem[] };

/** The notifications in the server's order: unread first, then newest first. */
export function NotificationList({ notifications }: NotificationListProps) {
  const now = Date.now();
  return (
    <ul aria-label="Notifications" className="grid gap-3">
      {notifications.map((item) => (
        <NotificationListItem key={item.id} notification={toNotificationDisplay(item, now)} />
      ))}
    </ul>
  );
}
