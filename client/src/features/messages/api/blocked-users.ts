import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesContracts } from '@shared/contracts/messages';
import { call } from '@/lib/api-client';
import { contractQuery, invalidate, type MutationConfig } from '@/lib/query-client';

/** The people I blocked, most recent first. */
export const getBlockedUsersQueryOptions = () =>
  queryOptions(contractQuery(messagesContracts.blocked));

export function useBlockedUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getBlockedUsersQueryOptions(), enabled });
}

export const unblockUser = (username: string) =>
  call(messagesContracts.unblock, { params: { username } });

type UseUnblockUserOptions = { mutationConfig?: MutationConfig<typeof unblockUser> };

export function useUnblockUser({ mutationConfig }: UseUnblockUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: unblockUser,
    onSuccess: (...args) => {
      // The list, and any conversation with them, may open again.
      void invalidate(queryClient, messagesContracts);
      return onSuccess?.(...args);
    },
  });
}
