import { useMutation, useQueryClient } from '@tanstack/react-query';
import { friendsContracts } from '@shared/contracts/friends';
import { profilesContracts } from '@shared/contracts/profiles';
import { usersContracts } from '@shared/contracts/users';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Ends a friendship (or withdraws a pending request) by its id. */
export const removeFriend = ({ friendshipId }: { friendshipId: number }) =>
  call(friendsContracts.remove, { params: { id: friendshipId } });

type UseRemoveFriendOptions = { mutationConfig?: MutationConfig<typeof removeFriend> };

export function useRemoveFriend({ mutationConfig }: UseRemoveFriendOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeFriend,
    // Profiles show a friend count; the user search shows my friendship with each person.
    onSettled: (...args) => {
      void invalidate(queryClient, friendsContracts, profilesContracts, usersContracts);
      return onSettled?.(...args);
    },
  });
}
