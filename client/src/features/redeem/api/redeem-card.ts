import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { pinsContracts } from '@shared/contracts/pins';
import { redemptionsContracts } from '@shared/contracts/redemptions';
import { invalidateWallet } from '@/api/get-wallet';
import { call } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { invalidate, type MutationConfig } from '@/lib/query-client';

export type RedeemCardRequest = {
  code: string;
  /** Dollars, as the API expects. */
  amount: number;
  storeId: number | null;
  /** The same key for every retry of one confirmation, so a retry takes the money once. */
  idempotencyKey: string;
};

/** Takes the amount of the customer's card into the business's balance. */
export const redeemCard = ({ idempotencyKey, ...body }: RedeemCardRequest) =>
  call(
    redemptionsContracts.redeem,
    { body },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

type UseRedeemCardOptions = { mutationConfig?: MutationConfig<typeof redeemCard> };

export function useRedeemCard({ mutationConfig }: UseRedeemCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: redeemCard,
    onSuccess: (...args) => {
      // The business's balance and history, and its dashboard's figures, have changed.
      void invalidateWallet(queryClient);
      void invalidate(queryClient, pinsContracts.dashboard, chartsContracts);
      return onSuccess?.(...args);
    },
  });
}
