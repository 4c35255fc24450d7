import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Ends every session of the account but this one. */
export const signOutOtherSessions = () => call(accountContracts.signOutOthers);

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
      void invalidate(queryClient, accountContracts.sessions);
      return onSettled?.(...args);
    },
  });
}
