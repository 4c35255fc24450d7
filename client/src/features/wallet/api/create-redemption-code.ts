import { queryOptions, useQuery } from '@tanstack/react-query';
import { redemptionsContracts } from '@shared/contracts/redemptions';
import { REDEMPTION_CODE } from '@shared/schema/gift-cards';
import { ApiError } from '@/lib/api-client';
import { contractQuery } from '@/lib/query-client';

/** The code was refused until the holder proves who they are again. */
export const needsProof = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'STEP_UP_REQUIRED';

/**
 * A new single-use code (and its QR image) for spending the card at a counter. When the server
 * first wants to know it is the holder (an old proof), the refusal comes back to Use Card, which
 * asks for the wallet PIN on its own screen rather than in the generic 'Confirm it's you'.
 * Whatever changes the card (a spend at a counter) refreshes it with the wallet, bringing a new
 * code and the card as it now is.
 */
export const redemptionCodeQueryOptions = (cardId: number) =>
  queryOptions({
    ...contractQuery(
      redemptionsContracts.createCode,
      { params: { id: cardId } },
      { stepUpPrompt: false },
    ),
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
