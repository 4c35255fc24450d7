import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

type GiftRequestsParams = { page?: number; limit?: number };

/** Pending requests other consumers sent to the signed-in consumer, newest first. */
export const getGiftRequestsQueryOptions = (params: GiftRequestsParams = {}) =>
  queryOptions({
    ...contractQuery(giftCardsContracts.requests, { query: params }),
    placeholderData: keepPreviousData,
  });

export function useGiftRequests(params: GiftRequestsParams = {}) {
  return useQuery(getGiftRequestsQueryOptions(params));
}
