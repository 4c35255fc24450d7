import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WalletTransaction } from '@shared/schema/ledger';
import { type PaymentSource } from '@/components/payments/payment-method-fields';
import { api } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import {
  BUSINESS_DASHBOARD_QUERY_KEY,
  WALLET_QUERY_KEY,
  type MutationConfig,
} from '@/lib/query-client';

export type FundsMovement = { transaction: WalletTransaction; balance: number };

export type AddFundsRequest = PaymentSource & {
  /** Dollars, as the API expects. */
  amount: number;
  /** The same key for every retry of one submission, so a retry charges once. */
  idempotencyKey: string;
};

/** Charges a new card's token or a saved card; the card number never comes this way. */
export const addFunds = ({ idempotencyKey, ...body }: AddFundsRequest): Promise<FundsMovement> =>
  api.post('/wallet/add-funds', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

type UseAddFundsOptions = { mutationConfig?: MutationConfig<typeof addFunds> };

export function useAddFunds({ mutationConfig }: UseAddFundsOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: addFunds,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BUSINESS_DASHBOARD_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
