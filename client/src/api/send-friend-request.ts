import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FriendRequestInput, type FriendshipResult } from '@shared/schema/friends';
import { api } from '@/lib/api-client';
import { type MutationConfig, USER_SEARCH_QUERY_KEY } from '@/lib/query-client';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';

/** The user search results carry the searcher's friendship to each person. */

/**
 * Asks `username` to be friends. The answer is 'pending', or 'accepted' when they had already
 * asked the signed-in user (their request is accepted instead).
 */
export const sendFriendRequest = (input: FriendRequestInput): Promise<FriendshipResult> =>
  api.post('/friends/request', input);

type UseSendFriendRequestOptions = { mutationConfig?: MutationConfig<typeof sendFriendRequest> };

export function useSendFriendRequest({ mutationConfig }: UseSendFriendRequestOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: sendFriendRequest,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_SEARCH_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
