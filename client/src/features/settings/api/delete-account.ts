import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DeleteAccountInput } from '@shared/schema/account-data';
import { api } from '@/lib/api-client';
import { USER_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export const deleteAccount = (input: DeleteAccountInput): Promise<void> =>
  api.post('/user/delete', input);

type UseDeleteAccountOptions = { mutationConfig?: MutationConfig<typeof deleteAccount> };

export function useDeleteAccount({ mutationConfig }: UseDeleteAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: deleteAccount,
    onSuccess: (...args) => {
      // Every session of the account has ended: nothing cached for it may outlive it.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      return onSuccess?.(...args);
    },
  });
}
