import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type HealthInfo = { status: string; database: 'embedded' | 'postgres' };

export const getHealth = (): Promise<HealthInfo> => api.get('/health');

export const getHealthQueryOptions = () =>
  queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 0 });

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
