import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicFriend } from '@shared/schema/friends';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';
import { api } from '@/lib/api-client';

/** Anyone's public friends list, /friends/{username}; 404 when there is no such user. */
export const getUserFriends = (username: string): Promise<PublicFriend[]> =>
  api.get(`/user/${encodeURIComponent(username)}/friends`);

export const getUserFriendsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...FRIENDS_QUERY_KEY, 'of', username.toLowerCase()],
    queryFn: () => getUserFriends(username),
  });

export function useUserFriends(username: string) {
  return useQuery(getUserFriendsQueryOptions(username));
}
