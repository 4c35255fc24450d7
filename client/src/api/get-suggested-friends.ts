import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SuggestedFriend } from '@shared/schema/friends';
import { api } from '@/lib/api-client';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';

/**
 * Every friends list (requests, friends, suggestions, someone's public friends) lives under this
 * key: a change to any friendship refreshes them all together.
 */
export const SUGGESTED_FRIENDS_QUERY_KEY = [...FRIENDS_QUERY_KEY, 'suggested'] as const;

type SuggestedFriendsParams = { limit?: number };

/** People the signed-in user may know: friends of friends first, then shared favourite brands. */
export const getSuggestedFriends = (
  params: SuggestedFriendsParams = {},
): Promise<SuggestedFriend[]> => api.get('/friends/suggested', { params });

export const getSuggestedFriendsQueryOptions = (params: SuggestedFriendsParams = {}) =>
  queryOptions({
    queryKey: [...SUGGESTED_FRIENDS_QUERY_KEY, params],
    queryFn: () => getSuggestedFriends(params),
  });

export function useSuggestedFriends(params: SuggestedFriendsParams = {}) {
  return useQuery(getSuggestedFriendsQueryOptions(params));
}
