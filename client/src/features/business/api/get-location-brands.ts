import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CATALOGUE_STALE_TIME, listOrEmpty } from './list-or-empty';

export const getLocationBrands = (): Promise<string[]> =>
  listOrEmpty(api.get<string[]>('/locations/brands'), 'Failed to fetch brands');

export const getLocationBrandsQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'brands'],
    queryFn: getLocationBrands,
    staleTime: CATALOGUE_STALE_TIME,
  });

export function useLocationBrands() {
  return useQuery(getLocationBrandsQueryOptions());
}
