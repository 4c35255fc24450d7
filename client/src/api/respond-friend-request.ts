import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { notificationsContracts } from '@shared/contracts/notifications';
import { profilesContracts } from '@shared/contracts/profiles';
import { type RespondFriendRequestInput } from '@shared/schema/friends';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Accepts or declines a friend request sent to the signed-in user (friends page, notifications). */
export const respondFriendRequest = (body: RespondFriendRequestInput) =>
  call(friendsContracts.respond, { body });

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
    // A profile shows its friend count; the request's notification is answered with it.
    onSettled: (...args) => {
      void invalidate(queryClient, friendsContracts, profilesContracts, notificationsContracts);
      return onSettled?.(...args);
    },
  });
}
