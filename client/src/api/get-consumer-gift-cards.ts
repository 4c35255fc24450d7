import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { api, type ListPage } from '@/lib/api-client';
import { GIFT_CARDS_QUERY_KEY } from '@/lib/query-client';

type GiftCardsParams = { page?: number; limit?: number };

/** The signed-in consumer's usable (active, unexpired) cards, soonest expiry first. */
export const getConsumerGiftCards = (
  params: GiftCardsParams = {},
): Promise<ListPage<WalletGiftCard>> => api.list('/gift-cards/consumer/wallet', { params });

export const getConsumerGiftCardsQueryOptions = (params: GiftCardsParams = {}) =>
  queryOptions({
    queryKey: [...GIFT_CARDS_QUERY_KEY, params],
    queryFn: () => getConsumerGiftCards(params),
    placeholderData: keepPreviousData,
  });

export function useConsumerGiftCards(params: GiftCardsParams = {}) {
  return useQuery(getConsumerGiftCardsQueryOptions(params));
}
