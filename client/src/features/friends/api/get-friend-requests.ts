import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { contractQuery } from '@/lib/query-client';

/** Pending friend requests sent to the signed-in user, newest first. */
export const getFriendRequestsQueryOptions = () =>
  queryOptions(contractQuery(friendsContracts.requests));

export function useFriendRequests() {
  return useQuery(getFriendRequestsQueryOptions());
}
