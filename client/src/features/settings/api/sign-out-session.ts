import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Ends one session of the account (by its id in the list), wherever it is signed in. */
export const signOutSession = (id: string): Promise<void> =>
  api.delete(`/user/sessions/${encodeURIComponent(id)}`);

type UseSignOutSessionOptions = { mutationConfig?: MutationConfig<typeof signOutSession> };

export function useSignOutSession({ mutationConfig }: UseSignOutSessionOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: signOutSession,
    // Ended or already gone (404): either way the list is read again.
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
