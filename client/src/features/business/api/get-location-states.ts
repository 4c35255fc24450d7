import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsContracts } from '@shared/contracts/locations';
import { contractQuery } from '@/lib/query-client';
import { listOrEmpty } from './list-or-empty';

export const getLocationStatesQueryOptions = (brand: string) =>
  queryOptions({
    ...listOrEmpty(
      contractQuery(locationsContracts.states, { query: { brand } }),
      'Failed to fetch states',
    ),
    enabled: brand !== '',
  });

export function useLocationStates(brand: string) {
  return useQuery(getLocationStatesQueryOptions(brand));
}
