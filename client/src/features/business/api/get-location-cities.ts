import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsContracts } from '@shared/contracts/locations';
import { contractQuery } from '@/lib/query-client';
import { listOrEmpty } from './list-or-empty';

export const getLocationCitiesQueryOptions = (brand: string, state: string) =>
  queryOptions({
    ...listOrEmpty(
      contractQuery(locationsContracts.cities, { query: { brand, state } }),
      'Failed to fetch cities',
    ),
    enabled: brand !== '' && state !== '',
  });

export function useLocationCities(brand: string, state: string) {
  return useQuery(getLocationCitiesQueryOptions(brand, state));
}
