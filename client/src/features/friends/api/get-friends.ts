import { queryOptions, useQuery } from '@tanstack/react-query';
import { type FriendItem } from '@shared/schema/friends';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';
import { api } from '@/lib/api-client';

export const FRIEND_LIST_QUERY_KEY = [...FRIENDS_QUERY_KEY, 'list'] as const;

/** The signed-in user's accepted friendships, by name, each with the friend's online state. */
export const getFriends = (): Promise<FriendItem[]> => api.get('/friends');

export const getFriendsQueryOptions = () =>
  queryOptions({ queryKey: FRIEND_LIST_QUERY_KEY, queryFn: getFriends });

export function useFriends() {
  return useQuery(getFriendsQueryOptions());
}
