import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftCardCode } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { GIFT_CARDS_QUERY_KEY } from '@/lib/query-client';

/** The owner's card code and a QR image of it, for the cashier. */
export const getGiftCardCode = (cardId: number): Promise<GiftCardCode> =>
  api.get(`/gift-cards/${cardId}/code`);

export const getGiftCardCodeQueryOptions = (cardId: number) =>
  queryOptions({
    // Under the cards' key: the code changes when the card changes hands.
    queryKey: [...GIFT_CARDS_QUERY_KEY, cardId, 'code'],
    queryFn: () => getGiftCardCode(cardId),
    // The code is a secret: do not keep it in memory once the dialog that shows it closes.
    gcTime: 0,
  });

export function useGiftCardCode(cardId: number) {
  return useQuery(getGiftCardCodeQueryOptions(cardId));
}
