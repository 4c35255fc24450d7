import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardsContracts } from '@shared/contracts/gift-cards';
import { contractQuery } from '@/lib/query-client';

export type MarketplaceBrandsParams = { lat?: number; lng?: number };

/** Every brand among the offers the marketplace lists here: its brand chips. */
export const getMarketplaceBrandsQueryOptions = (params: MarketplaceBrandsParams = {}) =>
  queryOptions({
    ...contractQuery(giftCardsContracts.marketplaceBrands, { query: params }),
    // The chips stay while a new location's brands load.
    placeholderData: keepPreviousData,
  });

export function useMarketplaceBrands(
  params: MarketplaceBrandsParams = {},
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...getMarketplaceBrandsQueryOptions(params), enabled });
}
