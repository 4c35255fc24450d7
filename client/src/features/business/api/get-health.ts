import { queryOptions, useQuery } from '@tanstack/react-query';
import { healthContracts } from '@shared/contracts/health';
import { contractQuery } from '@/lib/query-client';

export const getHealthQueryOptions = () =>
  queryOptions({ ...contractQuery(healthContracts.check), staleTime: 0 });

export function useHealth() {
  return useQuery(getHealthQueryOptions());
}
