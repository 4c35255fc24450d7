import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftCardActivity } from '@shared/schema/gift-cards';
import { api, type ListPage } from '@/lib/api-client';
import { GIFT_CARDS_QUERY_KEY } from '@/lib/query-client';

type CardHistoryParams = { cardId: number; page: number; limit: number };

/** A card's history, newest first: its holder's, or a business's that issued or took it. */
export const getCardHistory = ({
  cardId,
  ...params
}: CardHistoryParams): Promise<ListPage<GiftCardActivity>> =>
  api.list(`/gift-cards/${cardId}/history`, { params });

// Under the cards' key: whatever changes a card (a gift, a spend) refreshes its history too.
export const getCardHistoryQueryOptions = (params: CardHistoryParams) =>
  queryOptions({
    queryKey: [...GIFT_CARDS_QUERY_KEY, 'history', params],
    queryFn: () => getCardHistory(params),
    placeholderData: keepPreviousData,
  });

export function useCardHistory(params: CardHistoryParams) {
  return useQuery(getCardHistoryQueryOptions(params));
}
