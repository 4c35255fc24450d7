import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { type RedeemResult } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { WALLET_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export type RedeemGiftCardRequest = {
  cardId: number;
  /** Dollars, as the API expects. */
  amount: number;
  /** The same key for every retry of one submission, so a retry spends once. */
  idempotencyKey: string;
};

/** Spends part or all of a card's balance at the store. */
export const redeemGiftCard = ({
  cardId,
  amount,
  idempotencyKey,
}: RedeemGiftCardRequest): Promise<RedeemResult> =>
  api.post(
    `/gift-cards/${cardId}/redeem`,
    { amount },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

/** Everything in the wallet but the open card's code, which using the card does not change. */
const walletExceptCode = {
  queryKey: WALLET_QUERY_KEY,
  predicate: (query: Query) => query.queryKey.at(-1) !== 'code',
};

type UseRedeemGiftCardOptions = { mutationConfig?: MutationConfig<typeof redeemGiftCard> };

export function useRedeemGiftCard({ mutationConfig }: UseRedeemGiftCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...restConfig } = mutationConfig ?? {};

  return useMutation({
    ...restConfig,
    mutationFn: redeemGiftCard,
    onSuccess: (...args) => {
      // The balance, the card list, the summary and the history all change.
      void queryClient.invalidateQueries(walletExceptCode);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      // A refusal (expired, used up elsewhere) means the cards on screen are out of date.
      void queryClient.invalidateQueries(walletExceptCode);
      return onError?.(...args);
    },
  });
}
