import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BrandId } from '@shared/constants';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { call } from '@/lib/api-client';
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { invalidateWallet } from './get-wallet';

export type PurchaseGiftCardRequest = {
  recipientUsername: string;
  brand: BrandId;
  /** Dollars, as the API expects. */
  value: number;
  senderEmail: string;
  /** The giver's note to the recipient ('' for none). */
  message: string;
  /** The same key for every retry of one submission, so a retry charges and issues once. */
  idempotencyKey: string;
} & ({ paymentToken: string } | { paymentMethodId: number });

/**
 * Buys a new gift card for a consumer, paid by card: by a guest from a profile, or by a signed-in
 * consumer (who may pay with a saved card). Only a card token or a saved card's id is sent.
 */
export const purchaseGiftCard = ({ idempotencyKey, ...body }: PurchaseGiftCardRequest) =>
  call(
    giftCardsContracts.purchase,
    { body },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );

type UsePurchaseGiftCardOptions = { mutationConfig?: MutationConfig<typeof purchaseGiftCard> };

export function usePurchaseGiftCard({ mutationConfig }: UsePurchaseGiftCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: purchaseGiftCard,
    onSuccess: (...args) => {
      // A signed-in consumer's gift counts in their sent gifts, their answered requests and on
      // the leaderboard; for a guest nothing of these is cached, so this costs nothing.
      void invalidateWallet(queryClient);
      void invalidate(
        queryClient,
        giftCardsContracts.leaderboard,
        giftCardsContracts.leaderboardStanding,
      );
      return onSuccess?.(...args);
    },
  });
}
