import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import {
  BUSINESS_DASHBOARD_QUERY_KEY,
  WALLET_QUERY_KEY,
  type MutationConfig,
} from '@/lib/query-client';
import { type FundsMovement } from '@/api/add-funds';

export type WithdrawRequest = {
  /** Dollars, as the API expects. */
  amount: number;
  idempotencyKey: string;
};

export const withdraw = ({ amount, idempotencyKey }: WithdrawRequest): Promise<FundsMovement> =>
  api.post('/wallet/withdraw', { amount }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

type UseWithdrawOptions = { mutationConfig?: MutationConfig<typeof withdraw> };

export function useWithdraw({ mutationConfig }: UseWithdrawOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: withdraw,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BUSINESS_DASHBOARD_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
