import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';

/** Ends one session of the account (by its id in the list), wherever it is signed in. */
export const signOutSession = (id: string) =>
  call(accountContracts.signOutSession, { params: { id } });

type UseSignOutSessionOptions = { mutationConfig?: MutationConfig<typeof signOutSession> };

export function useSignOutSession({ mutationConfig }: UseSignOutSessionOptions = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: signOutSession,
    // Ended or already gone (404): either way the list is read again.
    onSettled: (...args) => {
      void invalidate(queryClient, accountContracts.sessions);
      return onSettled?.(...args);
    },
  });
}
