import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContracts } from '@shared/contracts/catalog';
import { contractQuery } from '@/lib/query-client';

export const getBrandsQueryOptions = () =>
  queryOptions({
    ...contractQuery(catalogContracts.brands),
    // Reference data: it changes with a deployment, not while someone is on the page.
    staleTime: 5 * 60 * 1000,
  });

export function useBrands() {
  return useQuery(getBrandsQueryOptions());
}
