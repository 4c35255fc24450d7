import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LocationOption } from '@shared/schema/locations';
import { api } from '@/lib/api-client';
import { CATALOGUE_STALE_TIME, listOrEmpty } from './list-or-empty';

export const getLocationCities = (brand: string, state: string): Promise<LocationOption[]> =>
  listOrEmpty(
    api.get<LocationOption[]>('/locations/cities', { params: { brand, state } }),
    'Failed to fetch cities',
  );

export const getLocationCitiesQueryOptions = (brand: string, state: string) =>
  queryOptions({
    queryKey: ['locations', 'cities', { brand, state }],
    queryFn: () => getLocationCities(brand, state),
    enabled: brand !== '' && state !== '',
    staleTime: CATALOGUE_STALE_TIME,
  });

export function useLocationCities(brand: string, state: string) {
  return useQuery(getLocationCitiesQueryOptions(brand, state));
}
