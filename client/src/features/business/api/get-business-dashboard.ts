import { queryOptions, useQuery } from '@tanstack/react-query';
import { type BusinessDashboardStats } from '@shared/schema/pins';
import { api } from '@/lib/api-client';
import { BUSINESS_DASHBOARD_QUERY_KEY } from '@/lib/query-client';

export const getBusinessDashboard = (): Promise<BusinessDashboardStats> =>
  api.get('/business/dashboard');

export const getBusinessDashboardQueryOptions = () =>
  queryOptions({ queryKey: BUSINESS_DASHBOARD_QUERY_KEY, queryFn: getBusinessDashboard });

export function useBusinessDashboard() {
  return useQuery(getBusinessDashboardQueryOptions());
}
