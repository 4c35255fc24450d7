import { type CurrentUser } from '@shared/schema/users';
import { type NotificationItem } from '@shared/schema/notifications';
import { toNotificationDisplay } from '../lib/notification-display';
import { NotificationListItem } from './notification-item';

type NotificationListProps = { notifications: NotificationItem[]; user: CurrentUser };

/** The notifications in the server's order: unread first, then newest first. */
export function NotificationList({ notifications, user }: NotificationListProps) {
  const now = Date.now();
  return (
    <ul aria-label="Notifications" className="grid gap-3">
      {notifications.map((item) => (
        <NotificationListItem
          key={item.id}
          notification={toNotificationDisplay(item, user.username, now)}
        />
      ))}
    </ul>
  );
}
