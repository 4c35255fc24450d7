import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MESSAGES_UNREAD_QUERY_KEY } from './messages-query-keys';

export type UnreadMessages = { count: number };

/** How many messages sent to the signed-in user are unread, across all conversations. */
export const getMessagesUnreadCount = (): Promise<UnreadMessages> =>
  api.get('/messages/unread-count');

export const getMessagesUnreadCountQueryOptions = () =>
  queryOptions({ queryKey: MESSAGES_UNREAD_QUERY_KEY, queryFn: getMessagesUnreadCount });

export function useMessagesUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMessagesUnreadCountQueryOptions(), enabled });
}
