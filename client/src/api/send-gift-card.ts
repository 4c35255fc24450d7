import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { call } from '@/lib/api-client';
import { invalidate, type MutationConfig } from '@/lib/query-client';
import { invalidateWallet } from './get-wallet';

export type SendGiftCardRequest = {
  cardId: number;
  recipientUsername: string;
  message?: string;
};

/** Gives one of the consumer's cards, with what is left on it, to another consumer. */
export const sendGiftCard = ({ cardId, recipientUsername, message }: SendGiftCardRequest) =>
  call(giftCardsContracts.send, {
    params: { id: cardId },
    body: { recipientUsername, message },
  });

type UseSendGiftCardOptions = { mutationConfig?: MutationConfig<typeof sendGiftCard> };

export function useSendGiftCard({ mutationConfig }: UseSendGiftCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: sendGiftCard,
    onSuccess: (...args) => {
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
