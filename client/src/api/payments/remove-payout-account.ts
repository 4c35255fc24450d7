import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RemovePayoutAccountInput } from '@shared/schema/payments';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { PAYOUT_ACCOUNT_QUERY_KEY } from './get-payout-account';

/** Removes the account on file; the authentication code confirms it. */
export const removePayoutAccount = (input: RemovePayoutAccountInput): Promise<void> =>
  api.delete('/payments/payout-account', { body: input });

type UseRemovePayoutAccountOptions = {
  mutationConfig?: MutationConfig<typeof removePayoutAccount>;
};

export function useRemovePayoutAccount({ mutationConfig }: UseRemovePayoutAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: removePayoutAccount,
    onSuccess: (...args) => {
      queryClient.setQueryData(PAYOUT_ACCOUNT_QUERY_KEY, null);
      return onSuccess?.(...args);
    },
  });
}
