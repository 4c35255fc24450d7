import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BlockedUser } from '@shared/schema/messages';
import { MESSAGES_QUERY_KEY } from '@/api/messages-query-keys';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

const BLOCKED_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'blocked'] as const;

/** The people I blocked, most recent first. */
export const getBlockedUsers = (): Promise<BlockedUser[]> => api.get('/users/blocked');

export function useBlockedUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: BLOCKED_QUERY_KEY, queryFn: getBlockedUsers, enabled });
}

export const unblockUser = (username: string): Promise<unknown> =>
  api.delete(`/users/${encodeURIComponent(username)}/block`);

type UseUnblockUserOptions = { mutationConfig?: MutationConfig<typeof unblockUser> };

export function useUnblockUser({ mutationConfig }: UseUnblockUserOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: unblockUser,
    onSuccess: (...args) => {
      // The list, and any conversation with them, may open again.
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
