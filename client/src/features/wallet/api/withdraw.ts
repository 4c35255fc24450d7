import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { pinsContracts } from '@shared/contracts/pins';
import { walletContracts } from '@shared/contracts/wallet';
import { invalidateWallet } from '@/api/get-wallet';
import { call } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { invalidate, type MutationConfig } from '@/lib/query-client';

export type WithdrawRequest = {
  /** Dollars, as the API expects. */
  amount: number;
  idempotencyKey: string;
};

export const withdraw = ({ amount, idempotencyKey }: WithdrawRequest) =>
  call(
    walletContracts.withdraw,
    { body: { amount } },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

type UseWithdrawOptions = { mutationConfig?: MutationConfig<typeof withdraw> };

export function useWithdraw({ mutationConfig }: UseWithdrawOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: withdraw,
    onSuccess: (...args) => {
      void invalidateWallet(queryClient);
      void invalidate(queryClient, pinsContracts.dashboard, chartsContracts);
      return onSuccess?.(...args);
    },
  });
}
