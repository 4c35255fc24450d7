import { matchQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountDataContracts } from '@shared/contracts/account-data';
import { type DeleteAccountInput } from '@shared/schema/account-data';
import { getUserQueryOptions } from '@/api/get-user';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';

export const deleteAccount = (input: DeleteAccountInput) =>
  call(accountDataContracts.remove, { body: input });

type UseDeleteAccountOptions = { mutationConfig?: MutationConfig<typeof deleteAccount> };

export function useDeleteAccount({ mutationConfig }: UseDeleteAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: deleteAccount,
    onSuccess: (...args) => {
      // Every session of the account has ended: nothing cached for it may outlive it.
      const { queryKey } = getUserQueryOptions();
      queryClient.setQueryData(queryKey, null);
      queryClient.removeQueries({ predicate: (query) => !matchQuery({ queryKey }, query) });
      return onSuccess?.(...args);
    },
  });
}
