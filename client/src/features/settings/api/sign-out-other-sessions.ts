import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SignedOutSessions } from '@shared/schema/account';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { SESSIONS_QUERY_KEY } from './get-sessions';

/** Ends every session of the account but this one. */
export const signOutOtherSessions = (): Promise<SignedOutSessions> =>
  api.post('/user/sessions/sign-out-others');

type UseSignOutOtherSessionsOptions = {
  mutationConfig?: MutationConfig<typeof signOutOtherSessions>;
};

export function useSignOutOtherSessions({ mutationConfig }: UseSignOutOtherSessionsOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: signOutOtherSessions,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
      return onSettled?.(...args);
    },
  });
}
