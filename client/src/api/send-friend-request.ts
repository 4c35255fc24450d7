import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { usersContracts } from '@shared/contracts/users';
import { type FriendRequestInput } from '@shared/schema/friends';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/**
 * Asks `username` to be friends. The answer is 'pending', or 'accepted' when they had already
 * asked the signed-in user (their request is accepted instead).
 */
export const sendFriendRequest = (body: FriendRequestInput) =>
  call(friendsContracts.sendRequest, { body });

type UseSendFriendRequestOptions = { mutationConfig?: MutationConfig<typeof sendFriendRequest> };

export function useSendFriendRequest({ mutationConfig }: UseSendFriendRequestOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: sendFriendRequest,
    // The user search results carry the searcher's friendship to each person.
    onSuccess: (...args) => {
      void invalidate(queryClient, friendsContracts, usersContracts.search);
      return onSuccess?.(...args);
    },
  });
}
