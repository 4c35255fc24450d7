import { type NotificationItem, type NotificationPage } from '@shared/schema/notifications';

/** A notification as the server sends it; unread, a minute old, from Alex. */
export function buildNotification(
  overrides: Partial<NotificationItem> & Pick<NotificationItem, 'id'>,
): NotificationItem {
  return {
    type: 'system',
    message: 'Welcome to mark.it! Complete your profile to get started.',
    amount: null,
    senderName: 'Alex Adams',
    senderAvatar: null,
    senderUsername: 'alex',
    receiverName: 'Casey Consumer',
    receiverAvatar: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    read: false,
    referenceType: null,
    referenceId: null,
    ...overrides,
  };
}

export function notificationPage(
  items: NotificationItem[],
  { page = 1, limit = 20, total = items.length, unread }: Partial<NotificationPage> = {},
): NotificationPage {
  return {
    items,
    page,
    limit,
    total,
    unread: unread ?? items.filter((item) => !item.read).length,
  };
}
