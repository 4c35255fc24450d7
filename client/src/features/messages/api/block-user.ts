import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { MESSAGES_QUERY_KEY } from '@/api/messages-query-keys';

/** Blocks a person: no messages, friend requests or gifts from them. They are not told. */
export const blockUser = (username: string): Promise<unknown> =>
  api.post(`/users/${encodeURIComponent(username)}/block`);

type UseBlockUserOptions = { mutationConfig?: MutationConfig<typeof blockUser> };

export function useBlockUser({ mutationConfig }: UseBlockUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: blockUser,
    onSuccess: (...args) => {
      // The conversation closes; its facts and the list say so.
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
