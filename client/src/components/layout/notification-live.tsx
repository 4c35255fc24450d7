import { useNotificationStream } from '@/lib/use-notification-stream';

type NotificationLiveProps = { userId: number };

/**
 * Keeps the signed-in user's notifications live: shows a toast for each new one and
 * keeps the unread badge current. Renders nothing of its own; the stream closes when the shell
 * unmounts (sign-out).
 */
export function NotificationLive({ userId }: NotificationLiveProps) {
  useNotificationStream({ userId });
  return null;
}
