import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type PayoutAccount, type PayoutAccountInput } from '@shared/schema/payments';
import { api } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { PAYOUT_ACCOUNT_QUERY_KEY } from './get-payout-account';

/** Sets where withdrawals go; the authentication code confirms it. */
export const savePayoutAccount = (input: PayoutAccountInput): Promise<PayoutAccount> =>
  api.put('/payments/payout-account', input);

type UseSavePayoutAccountOptions = { mutationConfig?: MutationConfig<typeof savePayoutAccount> };

export function useSavePayoutAccount({ mutationConfig }: UseSavePayoutAccountOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: savePayoutAccount,
    onSuccess: (account, ...rest) => {
      queryClient.setQueryData(PAYOUT_ACCOUNT_QUERY_KEY, account);
      return onSuccess?.(account, ...rest);
    },
  });
}
