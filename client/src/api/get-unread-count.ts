import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Everything cached about notifications lives under this key: the unread count (the navigation's
 * badge), the lists of the notifications page and the settings. A change invalidates the prefix.
 */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;
export const UNREAD_COUNT_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'unread-count'] as const;
/** The pages of the notifications list, whatever the role and filter. */
export const NOTIFICATION_LIST_QUERY_KEY = [...NOTIFICATIONS_QUERY_KEY, 'list'] as const;

export type UnreadCount = { unread: number };

/** How many of the signed-in user's notifications are unread. */
export const getUnreadCount = (): Promise<UnreadCount> => api.get('/notifications/unread-count');

export const getUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_COUNT_QUERY_KEY, queryFn: getUnreadCount });

type UseUnreadCountOptions = {
  enabled?: boolean;
  /** Polls while the live stream is down. */
  refetchInterval?: number | false;
};

export function useUnreadCount({
  enabled = true,
  refetchInterval = false,
}: UseUnreadCountOptions = {}) {
  return useQuery({ ...getUnreadCountQueryOptions(), enabled, refetchInterval });
}
