import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type IssuedGiftCard } from '@shared/schema/gift-cards';
import { api, type ListPage } from '@/lib/api-client';
import { GIFT_CARDS_QUERY_KEY } from '@/lib/query-client';

type IssuedGiftCardsParams = { page: number; limit: number };

/** The cards consumers claimed from the signed-in business's pins, newest first. */
export const getIssuedGiftCards = (
  params: IssuedGiftCardsParams,
): Promise<ListPage<IssuedGiftCard>> => api.list('/gift-cards/issued', { params });

export const getIssuedGiftCardsQueryOptions = (params: IssuedGiftCardsParams) =>
  queryOptions({
    queryKey: [...GIFT_CARDS_QUERY_KEY, 'issued', params],
    queryFn: () => getIssuedGiftCards(params),
    placeholderData: keepPreviousData,
  });

export function useIssuedGiftCards(params: IssuedGiftCardsParams) {
  return useQuery(getIssuedGiftCardsQueryOptions(params));
}
