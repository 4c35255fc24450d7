import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsContracts } from '@shared/contracts/locations';
import { contractQuery } from '@/lib/query-client';
import { listOrEmpty } from './list-or-empty';

export const getLocationStoresQueryOptions = (brand: string, state: string, city: string) =>
  queryOptions({
    ...listOrEmpty(
      contractQuery(locationsContracts.stores, { query: { brand, state, city } }),
      'Failed to fetch stores',
    ),
    enabled: brand !== '' && state !== '' && city !== '',
  });

export function useLocationStores(brand: string, state: string, city: string) {
  return useQuery(getLocationStoresQueryOptions(brand, state, city));
}
