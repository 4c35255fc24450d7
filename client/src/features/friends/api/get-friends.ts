import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { contractQuery } from '@/lib/query-client';

/** The signed-in user's accepted friendships, by name, each with the friend's online state. */
export const getFriendsQueryOptions = () => queryOptions(contractQuery(friendsContracts.list));

export function useFriends() {
  return useQuery(getFriendsQueryOptions());
}
