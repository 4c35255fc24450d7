import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftRequest } from '@shared/schema/gift-cards';
import { api, type ListPage } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-client';

/** Under the wallet's key: sending a gift (which may answer a request) refreshes the list too. */
export const GIFT_REQUESTS_QUERY_KEY = [...WALLET_QUERY_KEY, 'requests'] as const;

type GiftRequestsParams = { page?: number; limit?: number };

/** Pending requests other consumers sent to the signed-in consumer, newest first. */
export const getGiftRequests = (params: GiftRequestsParams = {}): Promise<ListPage<GiftRequest>> =>
  api.list('/gift-cards/requests', { params });

export const getGiftRequestsQueryOptions = (params: GiftRequestsParams = {}) =>
  queryOptions({
    queryKey: [...GIFT_REQUESTS_QUERY_KEY, params],
    queryFn: () => getGiftRequests(params),
    placeholderData: keepPreviousData,
  });

export function useGiftRequests(params: GiftRequestsParams = {}) {
  return useQuery(getGiftRequestsQueryOptions(params));
}
