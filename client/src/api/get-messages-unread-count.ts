import { queryOptions, useQuery } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { contractQuery } from '@/lib/query-client';

/** How many messages sent to the signed-in user are unread, across all conversations. */
export const getMessagesUnreadCountQueryOptions = () =>
  queryOptions(contractQuery(messagesContracts.unreadCount));

export function useMessagesUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMessagesUnreadCountQueryOptions(), enabled });
}
