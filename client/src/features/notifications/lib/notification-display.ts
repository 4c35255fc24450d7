import {
  NOTIFICATION_FILTERS,
  type NotificationFilter,
  type NotificationType,
} from '@shared/constants';
import { type NotificationItem } from '@shared/schema/notifications';
import { formatUsd } from '@/lib/format';
import { conversationPagePath, paths } from '@/lib/paths';
import { formatRelativeTime } from '@/lib/relative-time';

/**
 * How the notifications page turns what the server sends into what it shows: the kind, the text
 * and the action of each item. Pure functions, so every rule is unit-tested on its own.
 */

/** The kinds of notification; any other type (a mention, the welcome) is a system notification. */
export type NotificationKind =
  | 'friend_request'
  | 'gift_request'
  | 'gift_received'
  | 'friend_accepted'
  | 'lead_created'
  | 'gift_redeemed'
  | 'system';

export const DEFAULT_NOTIFICATION_MESSAGE = 'New notification';
export const DEFAULT_SENDER_NAME = 'Someone';

const KIND_BY_TYPE: Partial<Record<NotificationType, NotificationKind>> = {
  friend_request_received: 'friend_request',
  gift_request_received: 'gift_request',
  gift_received: 'gift_received',
  friend_request_accepted: 'friend_accepted',
  lead_created: 'lead_created',
  gift_redeemed: 'gift_redeemed',
};

export function notificationKind(type: string | null | undefined): NotificationKind {
  return (type && KIND_BY_TYPE[type as NotificationType]) || 'system';
}

/** These ask the user to do something; the rest only tell. */
const ACTIONABLE_KINDS: ReadonlySet<NotificationKind> = new Set([
  'friend_request',
  'gift_request',
  'gift_received',
]);

export function isActionable(kind: NotificationKind): boolean {
  return ACTIONABLE_KINDS.has(kind);
}

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The sender's name, or 'Someone'. */
export function senderName(item: Pick<NotificationItem, 'senderName'>): string {
  return text(item.senderName) || DEFAULT_SENDER_NAME;
}

/**
 * The line to show: the server's text; without one, the template for the kind; for a kind with no
 * template, 'New notification'.
 */
export function notificationMessage(
  item: Pick<NotificationItem, 'type' | 'message' | 'senderName' | 'amount'>,
): string {
  const message = text(item.message);
  if (message) return message;
  const name = senderName(item);
  switch (item.type) {
    case 'friend_request_received':
      return `${name} sent you a friend request`;
    case 'friend_request_accepted':
      return `${name} accepted your friend request`;
    case 'gift_request_received':
      return `${name} requested a gift card`;
    case 'gift_received':
      return typeof item.amount === 'number' && Number.isFinite(item.amount)
        ? `You received a ${formatUsd(item.amount)} gift card from ${name}`
        : DEFAULT_NOTIFICATION_MESSAGE;
    default:
      return DEFAULT_NOTIFICATION_MESSAGE;
  }
}

/** What an item's buttons do: answer a friend request, or open what it is about. */
export type NotificationAction =
  { type: 'respond'; friendshipId: number } | { type: 'link'; label: string; href: string };

/**
 * The item's action: Accept/Decline for a friend request, otherwise a link to the object it
 * points at (Complete Profile: Settings, where the profile is edited).
 */
export function notificationAction(
  item: Pick<NotificationItem, 'type' | 'referenceType' | 'referenceId'> &
    Partial<Pick<NotificationItem, 'senderUsername'>>,
): NotificationAction | null {
  const id = item.referenceId;
  // The wallet, opened on the card when the notification names one.
  const walletCardLink = (label: string): NotificationAction => ({
    type: 'link',
    label,
    href:
      item.referenceType === 'gift_card' && id !== null
        ? `${paths.wallet}?card=${id}`
        : paths.wallet,
  });
  switch (item.type) {
    case 'friend_request_received':
      return item.referenceType === 'friendship' && id !== null
        ? { type: 'respond', friendshipId: id }
        : null;
    case 'gift_received':
      return walletCardLink('View Gift Card');
    case 'gift_request_received':
      return { type: 'link', label: 'Send Gift', href: paths.wallet };
    case 'lead_created':
      return {
        type: 'link',
        label: 'View Lead',
        href:
          item.referenceType === 'lead' && id !== null ? `${paths.leads}?lead=${id}` : paths.leads,
      };
    case 'gift_redeemed':
      return { type: 'link', label: 'View Details', href: paths.wallet };
    case 'post_mention':
    case 'post_liked':
    case 'post_commented':
      // The feed has no page per post: the link opens the feed, where the post is.
      return { type: 'link', label: 'View Post', href: paths.socialFeed };
    case 'card_expiring':
      return walletCardLink('View Gift Card');
    case 'card_expired':
      // A holder's reissued card, or the refund in a business's wallet.
      return walletCardLink('View Wallet');
    case 'message_received':
      // The sender's conversation; the list when their account is gone.
      return item.senderUsername
        ? { type: 'link', label: 'View Message', href: conversationPagePath(item.senderUsername) }
        : { type: 'link', label: 'View Message', href: paths.messages };
    case 'system':
      return { type: 'link', label: 'Complete Profile', href: paths.settings };
    default:
      return null;
  }
}

/** A notification as displayed. */
export type NotificationDisplay = {
  id: number;
  type: NotificationType;
  kind: NotificationKind;
  message: string;
  createdAt: string;
  relativeTime: string;
  read: boolean;
  actionable: boolean;
  actor: { name: string; avatar: string | null };
  action: NotificationAction | null;
};

export function toNotificationDisplay(
  item: NotificationItem,
  now: Date | number = Date.now(),
): NotificationDisplay {
  const kind = notificationKind(item.type);
  return {
    id: item.id,
    type: item.type,
    kind,
    message: notificationMessage(item),
    createdAt: item.createdAt,
    relativeTime: formatRelativeTime(item.createdAt, now),
    read: Boolean(item.read),
    actionable: isActionable(kind),
    actor: { name: senderName(item), avatar: item.senderAvatar || null },
    action: notificationAction(item),
  };
}

/** The filter list, in the order it is offered; All Notifications is the default. */
export const NOTIFICATION_FILTER_OPTIONS = [
  { value: 'all', label: 'All Notifications' },
  { value: 'unread', label: 'Unread Only' },
  { value: 'read', label: 'Read Only' },
] as const satisfies ReadonlyArray<{ value: NotificationFilter; label: string }>;

export function isNotificationFilter(value: string): value is NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly string[]).includes(value);
}

/** The unread count as the page words it: 'You have N unread notification(s)'. */
export function unreadLine(count: number): string {
  return `You have ${count} unread notification(s)`;
}

/** What an empty list says: the product's own line for all; a plainer one under a filter. */
export function emptyListMessage(filter: NotificationFilter): string {
  switch (filter) {
    case 'unread':
      return 'No unread notifications.';
    case 'read':
      return 'No read notifications.';
    default:
      return "You don't have any notifications yet.";
  }
}
