import { type NotificationItem } from '@shared/schema/notifications';
import { listReply, type MockReply } from '@/testing/mock-api';

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

/** A page of notifications as the API answers it (the array, its total and links in headers). */
export function notificationPage(
  items: NotificationItem[],
  facts: { page?: number; limit?: number; total?: number } = {},
): MockReply<'GET /api/consumer/notifications'> {
  return listReply(items, facts);
}
