import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FRIENDS_QUERY_KEY } from '@/lib/query-client';
import { api } from '@/lib/api-client';
import { type MutationConfig, PROFILES_QUERY_KEY, USER_SEARCH_QUERY_KEY } from '@/lib/query-client';

/** Ends a friendship (or withdraws a pending request) by its id. */
export const removeFriend = ({ friendshipId }: { friendshipId: number }): Promise<void> =>
  api.delete(`/friends/${friendshipId}`);

type UseRemoveFriendOptions = { mutationConfig?: MutationConfig<typeof removeFriend> };

export function useRemoveFriend({ mutationConfig }: UseRemoveFriendOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removeFriend,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USER_SEARCH_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
