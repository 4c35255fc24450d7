import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

type GiftCardsParams = { page?: number; limit?: number };

/** The signed-in consumer's usable (active, unexpired) cards, soonest expiry first. */
export const getConsumerGiftCardsQueryOptions = (params: GiftCardsParams = {}) =>
  queryOptions({
    ...contractQuery(giftCardsContracts.consumerCards, { query: params }),
    placeholderData: keepPreviousData,
  });

export function useConsumerGiftCards(params: GiftCardsParams = {}) {
  return useQuery(getConsumerGiftCardsQueryOptions(params));
}
