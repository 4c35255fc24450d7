import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type GiftTransaction } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { LEADERBOARD_QUERY_KEY, WALLET_QUERY_KEY, type MutationConfig } from '@/lib/query-client';

export type SendGiftCardRequest = {
  cardId: number;
  recipientUsername: string;
  message?: string;
};

/** Gives one of the consumer's cards, with what is left on it, to another consumer. */
export const sendGiftCard = ({
  cardId,
  recipientUsername,
  message,
}: SendGiftCardRequest): Promise<GiftTransaction> =>
  api.post(`/gift-cards/${cardId}/send`, { recipientUsername, message });

type UseSendGiftCardOptions = { mutationConfig?: MutationConfig<typeof sendGiftCard> };

export function useSendGiftCard({ mutationConfig }: UseSendGiftCardOptions = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...restConfig } = mutationConfig ?? {};
  return useMutation({
    ...restConfig,
    mutationFn: sendGiftCard,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: LEADERBOARD_QUERY_KEY });
      return onSuccess?.(...args);
    },
  });
}
