import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StoreOption } from '@shared/schema/locations';
import { api } from '@/lib/api-client';
import { CATALOGUE_STALE_TIME, listOrEmpty } from './list-or-empty';

export const getLocationStores = (
  brand: string,
  state: string,
  city: string,
): Promise<StoreOption[]> =>
  listOrEmpty(
    api.get<StoreOption[]>('/locations/stores', { params: { brand, state, city } }),
    'Failed to fetch stores',
  );

export const getLocationStoresQueryOptions = (brand: string, state: string, city: string) =>
  queryOptions({
    queryKey: ['locations', 'stores', { brand, state, city }],
    queryFn: () => getLocationStores(brand, state, city),
    enabled: brand !== '' && state !== '' && city !== '',
    staleTime: CATALOGUE_STALE_TIME,
  });

export function useLocationStores(brand: string, state: string, city: string) {
  return useQuery(getLocationStoresQueryOptions(brand, state, city));
}
