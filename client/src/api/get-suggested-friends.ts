import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { contractQuery } from '@/lib/query-client';

type SuggestedFriendsParams = { limit?: number };

/**
 * People the signed-in user may know: friends of friends first, then shared favourite brands.
 * It is one of the friends group's answers, so a change to any friendship refreshes it too.
 */
export const getSuggestedFriendsQueryOptions = (params: SuggestedFriendsParams = {}) =>
  queryOptions(contractQuery(friendsContracts.suggested, { query: params }));

export function useSuggestedFriends(params: SuggestedFriendsParams = {}) {
  return useQuery(getSuggestedFriendsQueryOptions(params));
}
