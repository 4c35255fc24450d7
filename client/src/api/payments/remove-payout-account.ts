import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { type RemovePayoutAccountInput } from '@shared/schema/payments';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { getPayoutAccountQueryOptions } from './get-payout-account';

/** Removes the account on file; the authentication code confirms it. */
export const removePayoutAccount = (input: RemovePayoutAccountInput) =>
  call(paymentSettingsContracts.removePayoutAccount, { body: input });

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
      queryClient.setQueryData(getPayoutAccountQueryOptions().queryKey, null);
      return onSuccess?.(...args);
    },
  });
}
