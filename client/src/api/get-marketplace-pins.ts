import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { MARKETPLACE_SCOPE_HEADER } from '@shared/constants';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { type MarketplacePin, type MarketplaceScope } from '@shared/schema/gift-cards';
import { call, type ListPage, nextPageNumber } from '@/lib/api-client';
import { queryKeyOf } from '@/lib/query-client';

export type MarketplaceParams = {
  lat?: number;
  lng?: number;
  brand?: string;
  search?: string;
  page?: number;
  limit?: number;
};

/**
 * A page of the marketplace, and whether the server listed only the nearest (or newest) offers
 * because more are on offer than it lists.
 */
export type MarketplacePage = ListPage<MarketplacePin> & { scope: MarketplaceScope | null };

/** The pins on offer to the signed-in consumer, personalised and (with a location) within reach. */
export const getMarketplacePins = async (
  params: MarketplaceParams = {},
  signal?: AbortSignal,
): Promise<MarketplacePage> => {
  const page = await call(giftCardsContracts.marketplace, { query: params }, { signal });
  const scope = page.headers.get(MARKETPLACE_SCOPE_HEADER);
  return { ...page, scope: scope === 'nearest' || scope === 'newest' ? scope : null };
};

export const getMarketplacePinsQueryOptions = (params: MarketplaceParams = {}) =>
  queryOptions({
    queryKey: queryKeyOf(giftCardsContracts.marketplace, { query: params }),
    queryFn: ({ signal }) => getMarketplacePins(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMarketplacePins(params: MarketplaceParams = {}) {
  return useQuery(getMarketplacePinsQueryOptions(params));
}

export type MarketplaceInfiniteParams = Omit<MarketplaceParams, 'page'>;

/** Offers per page of the marketplace; "Load more" asks for the next page. */
export const MARKETPLACE_PAGE_SIZE = 20;

/** The marketplace page after page, for "Load more". */
export const getMarketplacePinsInfiniteQueryOptions = (params: MarketplaceInfiniteParams = {}) =>
  infiniteQueryOptions({
    // Pages of the same list are cached apart from the one-page query of the same filters: the
    // two hold data of different shapes under the contract's key.
    queryKey: [...queryKeyOf(giftCardsContracts.marketplace, { query: params }), 'pages'],
    queryFn: ({ pageParam, signal }) => getMarketplacePins({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
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
