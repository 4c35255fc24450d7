import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paymentsContracts } from '@shared/contracts/payments';
import { type CardDetailsInput, type CardToken } from '@shared/schema/payments';
import { call, urlOf } from '@/lib/api-client';
import { type MutationConfig } from '@/lib/query-client';
import { getPaymentConfigQueryOptions } from './get-payment-config';

/**
 * Sends a card's details to the payment provider's tokenisation endpoint and answers the token to
 * pay with (and what may be shown of the card). The details never reach the app's own routes:
 * only the token does. The test-mode provider's endpoint is this API's own; a live processor
 * takes card details in its own hosted fields, which plug in here.
 */
export function tokenizeCardAt(tokenizeUrl: string, card: CardDetailsInput): Promise<CardToken> {
  if (tokenizeUrl !== urlOf(paymentsContracts.testToken)) {
    return Promise.reject(new Error('Card payments are not available right now.'));
  }
  return call(paymentsContracts.testToken, { body: card });
}

type UseTokenizeCardOptions = {
  mutationConfig?: MutationConfig<(card: CardDetailsInput) => Promise<CardToken>>;
};

/**
 * A mutation from card details (as typed) to a card token: it reads the payment configuration
 * (cached) for where to send them.
 */
export function useTokenizeCard({ mutationConfig }: UseTokenizeCardOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationConfig,
    mutationFn: async (card: CardDetailsInput) => {
      const config = await queryClient.fetchQuery(getPaymentConfigQueryOptions());
      return tokenizeCardAt(config.tokenizeUrl, card);
    },
  });
}
