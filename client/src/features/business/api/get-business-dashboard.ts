import { queryOptions, useQuery } from '@tanstack/react-query';
import { pinsContracts } from '@shared/contracts/pins';
import { contractQuery } from '@/lib/query-client';

export const getBusinessDashboardQueryOptions = () =>
  queryOptions(contractQuery(pinsContracts.dashboard));

export function useBusinessDashboard() {
  return useQuery(getBusinessDashboardQueryOptions());
}
