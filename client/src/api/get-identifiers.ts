import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Identifier } from '@shared/schema/identifiers';
import { api } from '@/lib/api-client';

export const getIdentifiers = (): Promise<Identifier[]> => api.get('/identifiers');

export const getIdentifiersQueryOptions = () =>
  queryOptions({
    queryKey: ['identifiers'],
    queryFn: getIdentifiers,
    // Reference data: it changes with a deployment, not while someone is on the page.
    staleTime: 5 * 60 * 1000,
  });

export function useIdentifiers() {
  return useQuery(getIdentifiersQueryOptions());
}
