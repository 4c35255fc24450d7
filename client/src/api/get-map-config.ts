import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MapConfig } from '@shared/schema/map';
import { api } from '@/lib/api-client';

/** The tiles maps draw under their markers, or nulls for the bundled US outline. */
export const getMapConfig = (): Promise<MapConfig> => api.get('/map/config');

export const getMapConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['map', 'config'] as const,
    queryFn: getMapConfig,
    // Set by the deployment: it does not change while the page is open.
    staleTime: Infinity,
  });

export function useMapConfig() {
  return useQuery(getMapConfigQueryOptions());
}
