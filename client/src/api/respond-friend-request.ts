import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FriendshipResult, type RespondFriendRequestInput } from '@shared/schema/friends';
import { NOTIFICATIONS_QUERY_KEY } from '@/api/get-unread-count';
import { api } from '@/lib/api-client';
import { FRIENDS_QUERY_KEY, type MutationConfig, PROFILES_QUERY_KEY } from '@/lib/query-client';

/** Accepts or declines a friend request sent to the signed-in user (friends page, notifications). */
export const respondFriendRequest = (input: RespondFriendRequestInput): Promise<FriendshipResult> =>
  api.post('/friends/respond', input);

type UseRespondFriendRequestOptions = {
  mutationConfig?: MutationConfig<typeof respondFriendRequest>;
};

export function useRespondFriendRequest({ mutationConfig }: UseRespondFriendRequestOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: respondFriendRequest,
    // On failure too: a 409 means the request was answered elsewhere, so the lists are out of date.
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
