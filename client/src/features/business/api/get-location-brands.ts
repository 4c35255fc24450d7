import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationsContracts } from '@shared/contracts/locations';
import { contractQuery } from '@/lib/query-client';
import { listOrEmpty } from './list-or-empty';

export const getLocationBrandsQueryOptions = () =>
  queryOptions(listOrEmpty(contractQuery(locationsContracts.brands), 'Failed to fetch brands'));

export function useLocationBrands() {
  return useQuery(getLocationBrandsQueryOptions());
}
