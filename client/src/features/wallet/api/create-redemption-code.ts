import { queryOptions, useQuery } from '@tanstack/react-query';
import { REDEMPTION_CODE, type RedemptionCode } from '@shared/schema/gift-cards';
import { ApiError, api } from '@/lib/api-client';
import { GIFT_CARDS_QUERY_KEY } from '@/lib/query-client';

/**
 * A new single-use code (and its QR image) for spending the card at a counter. When the server
 * first wants to know it is the holder (an old proof), the refusal comes back to Use Card, which
 * asks for the wallet PIN on its own screen rather than in the generic 'Confirm it's you'.
 */
export const createRedemptionCode = (cardId: number): Promise<RedemptionCode> =>
  api.post(`/gift-cards/${cardId}/redemption-code`, {}, { stepUpPrompt: false });

/** The code was refused until the holder proves who they are again. */
export const needsProof = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';

export const redemptionCodeQueryOptions = (cardId: number) =>
  queryOptions({
    // Under the cards' key: whatever changes the card (a spend at a counter) brings a new code and
    // the card as it now is.
    queryKey: [...GIFT_CARDS_QUERY_KEY, cardId, 'redemption-code'],
    queryFn: () => createRedemptionCode(cardId),
    // A code works for a minute and a half: a fresh one every minute, so the one on screen
    // always works, and a screenshot soon does not.
    // Not while the screen waits for the PIN: asking again would only be refused again.
    refetchInterval: (query) =>
      needsProof(query.state.error) ? false : REDEMPTION_CODE.refreshSeconds * 1000,
    // The code spends the card: not kept once the screen that shows it closes.
    gcTime: 0,
  });

/** The code the holder shows the cashier, refreshed every minute while it is on screen. */
export function useRedemptionCode(cardId: number) {
  return useQuery(redemptionCodeQueryOptions(cardId));
}
