import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { contractQuery } from '@/lib/query-client';

/** Anyone's public friends list, /friends/{username}; 404 when there is no such user. */
export const getUserFriendsQueryOptions = (username: string) =>
  queryOptions(
    contractQuery(friendsContracts.ofUser, { params: { username: username.toLowerCase() } }),
  );

export function useUserFriends(username: string) {
  return useQuery(getUserFriendsQueryOptions(username));
}
