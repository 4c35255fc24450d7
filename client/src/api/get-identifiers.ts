import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogContracts } from '@shared/contracts/catalog';
import { contractQuery } from '@/lib/query-client';

export const getIdentifiersQueryOptions = () =>
  queryOptions({
    ...contractQuery(catalogContracts.identifiers),
    // Reference data: it changes with a deployment, not while someone is on the page.
    staleTime: 5 * 60 * 1000,
  });

export function useIdentifiers() {
  return useQuery(getIdentifiersQueryOptions());
}
