import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { MARKETPLACE_QUERY_KEY } from '@/lib/query-client';

export type MarketplaceBrandsParams = { lat?: number; lng?: number };

/** Every brand among the offers the marketplace lists here: its brand chips. */
export const getMarketplaceBrands = (params: MarketplaceBrandsParams = {}): Promise<string[]> =>
  api.get('/gift-cards/marketplace/brands', { params });

export const getMarketplaceBrandsQueryOptions = (params: MarketplaceBrandsParams = {}) =>
  queryOptions({
    queryKey: [...MARKETPLACE_QUERY_KEY, 'brands', params],
    queryFn: () => getMarketplaceBrands(params),
    // The chips stay while a new location's brands load.
    placeholderData: keepPreviousData,
  });

export function useMarketplaceBrands(
  params: MarketplaceBrandsParams = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...getMarketplaceBrandsQueryOptions(params), enabled });
}
