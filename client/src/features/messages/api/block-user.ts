import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Blocks a person: no messages, friend requests or gifts from them. They are not told. */
export const blockUser = (username: string) =>
  call(messagesContracts.block, { params: { username } });

type UseBlockUserOptions = { mutationConfig?: MutationConfig<typeof blockUser> };

export function useBlockUser({ mutationConfig }: UseBlockUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: blockUser,
    onSuccess: (...args) => {
      // The conversation closes; its facts and the list say so.
      void invalidate(queryClient, messagesContracts);
      return onSuccess?.(...args);
    },
  });
}
