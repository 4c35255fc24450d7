import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { type MarketplacePage } from '@shared/schema/gift-cards';
import { api } from '@/lib/api-client';
import { MARKETPLACE_QUERY_KEY } from '@/lib/query-client';

export type MarketplaceParams = {
  lat?: number;
  lng?: number;
  brand?: string;
  search?: string;
  page?: number;
  limit?: number;
};

/** The pins on offer to the signed-in consumer, personalised and (with a location) within reach. */
export const getMarketplacePins = (params: MarketplaceParams = {}): Promise<MarketplacePage> =>
  api.get('/gift-cards/marketplace', { params });

export const getMarketplacePinsQueryOptions = (params: MarketplaceParams = {}) =>
  queryOptions({
    queryKey: [...MARKETPLACE_QUERY_KEY, params],
    queryFn: () => getMarketplacePins(params),
    placeholderData: keepPreviousData,
  });

export function useMarketplacePins(params: MarketplaceParams = {}) {
  return useQuery(getMarketplacePinsQueryOptions(params));
}

export type MarketplaceInfiniteParams = Omit<MarketplaceParams, 'page'>;

/** The next page number, or undefined once every pin has been loaded. */
function nextMarketplacePage(lastPage: MarketplacePage): number | undefined {
  return lastPage.page * lastPage.limit < lastPage.total ? lastPage.page + 1 : undefined;
}

/** The marketplace page after page, for "Load more"; shares the marketplace key prefix. */
export const getMarketplacePinsInfiniteQueryOptions = (params: MarketplaceInfiniteParams = {}) =>
  infiniteQueryOptions({
    queryKey: [...MARKETPLACE_QUERY_KEY, 'infinite', params],
    queryFn: ({ pageParam }) => getMarketplacePins({ ...params, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextMarketplacePage,
    // A new search or brand keeps the current cards on screen until its first page arrives.
    placeholderData: keepPreviousData,
  });

type UseInfiniteMarketplacePinsOptions = {
  /** False while the page still waits for something the request needs, such as the location. */
  enabled?: boolean;
};

export function useInfiniteMarketplacePins(
  params: MarketplaceInfiniteParams = {},
  { enabled = true }: UseInfiniteMarketplacePinsOptions = {},
) {
  return useInfiniteQuery({ ...getMarketplacePinsInfiniteQueryOptions(params), enabled });
}
