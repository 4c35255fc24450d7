import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RedemptionResult } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import {
  BUSINESS_DASHBOARD_QUERY_KEY,
  type MutationConfig,
  WALLET_QUERY_KEY,
} from '@/lib/query-client';

export type RedeemCardRequest = {
  code: string;
  /** Dollars, as the API expects. */
  amount: number;
  storeId: number | null;
  /** The same key for every retry of one confirmation, so a retry takes the money once. */
  idempotencyKey: string;
};

/** Takes the amount of the customer's card into the business's balance. */
export const redeemCard = ({
  idempotencyKey,
  ...body
}: RedeemCardRequest): Promise<RedemptionResult> =>
  api.post('/redemptions', body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

type UseRedeemCardOptions = { mutationConfig?: MutationConfig<typeof redeemCard> };

export function useRedeemCard({ mutationConfig }: UseRedeemCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: redeemCard,
    onSuccess: (...args) => {
      // The business's balance and history, and its dashboard's figures, have changed.
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: BUSINESS_DASHBOARD_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
