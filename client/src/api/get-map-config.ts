import { queryOptions, useQuery } from '@tanstack/react-query';
import { mapContracts } from '@shared/contracts/map';
import { contractQuery } from '@/lib/query-client';

/** The tiles maps draw under their markers, or nulls for the bundled US outline. */
export const getMapConfigQueryOptions = () =>
  queryOptions({
    ...contractQuery(mapContracts.config),
    // Set by the deployment: it does not change while the page is open.
    staleTime: Infinity,
  });

export function useMapConfig() {
  return useQuery(getMapConfigQueryOptions());
}
