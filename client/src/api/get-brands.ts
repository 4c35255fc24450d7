import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Brand } from '@shared/schema/brands';
import { api } from '@/lib/api-client';

export const getBrands = (): Promise<Brand[]> => api.get('/brands');

export const getBrandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: getBrands,
    // Reference data: it changes with a deployment, not while someone is on the page.
    staleTime: 5 * 60 * 1000,
  });

export function useBrands() {
  return useQuery(getBrandsQueryOptions());
}
