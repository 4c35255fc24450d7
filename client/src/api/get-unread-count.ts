import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsContracts } from '@shared/contracts/notifications';
import { contractQuery } from '@/lib/query-client';

/** How many of the signed-in user's notifications are unread (the navigation's badge). */
export const getUnreadCountQueryOptions = () =>
  queryOptions(contractQuery(notificationsContracts.unreadCount));

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
