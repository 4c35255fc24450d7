import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FriendRequestItem } from '@shared/schema/friends';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';
import { api } from '@/lib/api-client';

export const FRIEND_REQUESTS_QUERY_KEY = [...FRIENDS_QUERY_KEY, 'requests'] as const;

/** Pending friend requests sent to the signed-in user, newest first. */
export const getFriendRequests = (): Promise<FriendRequestItem[]> => api.get('/friends/requests');

export const getFriendRequestsQueryOptions = () =>
  queryOptions({ queryKey: FRIEND_REQUESTS_QUERY_KEY, queryFn: getFriendRequests });

export function useFriendRequests() {
  return useQuery(getFriendRequestsQueryOptions());
}
