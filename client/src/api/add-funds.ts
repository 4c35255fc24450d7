import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { pinsContracts } from '@shared/contracts/pins';
import { walletContracts } from '@shared/contracts/wallet';
import { type PaymentSource } from '@/components/payments/payment-method-fields';
import { call } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { invalidateWallet } from './get-wallet';

export type AddFundsRequest = PaymentSource & {
  /** Dollars, as the API expects. */
  amount: number;
  /** The same key for every retry of one submission, so a retry charges once. */
  idempotencyKey: string;
};

/** Charges a new card's token or a saved card; the card number never comes this way. */
export const addFunds = ({ idempotencyKey, ...body }: AddFundsRequest) =>
  call(walletContracts.addFunds, { body }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

type UseAddFundsOptions = { mutationConfig?: MutationConfig<typeof addFunds> };

export function useAddFunds({ mutationConfig }: UseAddFundsOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: addFunds,
    onSuccess: (...args) => {
      void invalidateWallet(queryClient);
      // The dashboard's first steps (funds added) and its charts count this too.
      void invalidate(queryClient, pinsContracts.dashboard, chartsContracts);
      return onSuccess?.(...args);
    },
  });
}
