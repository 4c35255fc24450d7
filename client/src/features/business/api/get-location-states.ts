import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LocationOption } from '@shared/schema/locations';
import { api } from '@/lib/api-client';
import { CATALOGUE_STALE_TIME, listOrEmpty } from './list-or-empty';

export const getLocationStates = (brand: string): Promise<LocationOption[]> =>
  listOrEmpty(
    api.get<LocationOption[]>('/locations/states', { params: { brand } }),
    'Failed to fetch states',
  );

export const getLocationStatesQueryOptions = (brand: string) =>
  queryOptions({
    queryKey: ['locations', 'states', { brand }],
    queryFn: () => getLocationStates(brand),
    enabled: brand !== '',
    staleTime: CATALOGUE_STALE_TIME,
  });

export function useLocationStates(brand: string) {
  return useQuery(getLocationStatesQueryOptions(brand));
}
