import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { type PayoutAccountInput } from '@shared/schema/payments';
import { call } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { getPayoutAccountQueryOptions } from './get-payout-account';

/** Sets where withdrawals go; the authentication code confirms it. */
export const savePayoutAccount = (input: PayoutAccountInput) =>
  call(paymentSettingsContracts.savePayoutAccount, { body: input });

type UseSavePayoutAccountOptions = { mutationConfig?: MutationConfig<typeof savePayoutAccount> };

export function useSavePayoutAccount({ mutationConfig }: UseSavePayoutAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: savePayoutAccount,
    onSuccess: (account, ...rest) => {
      queryClient.setQueryData(getPayoutAccountQueryOptions().queryKey, account);
      return onSuccess?.(account, ...rest);
    },
  });
}
