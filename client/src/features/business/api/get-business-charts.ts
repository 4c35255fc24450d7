import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ActivityChartDay, type TopStore, type ValueChart } from '@shared/schema/charts';
import { api } from '@/lib/api-client';
import { BUSINESS_DASHBOARD_QUERY_KEY } from '@/lib/query-client';

// Under the dashboard's key: whatever refreshes the statistics (a pin made, cancelled or claimed)
// refreshes the charts too.
const CHARTS_QUERY_KEY = [...BUSINESS_DASHBOARD_QUERY_KEY, 'charts'] as const;

export const getActivityChart = (): Promise<ActivityChartDay[]> =>
  api.get('/business/charts/activity');
export const getValueChart = (): Promise<ValueChart> => api.get('/business/charts/value');
export const getTopStoresChart = (): Promise<TopStore[]> => api.get('/business/charts/top-stores');

export const getActivityChartQueryOptions = () =>
  queryOptions({ queryKey: [...CHARTS_QUERY_KEY, 'activity'], queryFn: getActivityChart });
export const getValueChartQueryOptions = () =>
  queryOptions({ queryKey: [...CHARTS_QUERY_KEY, 'value'], queryFn: getValueChart });
export const getTopStoresChartQueryOptions = () =>
  queryOptions({ queryKey: [...CHARTS_QUERY_KEY, 'top-stores'], queryFn: getTopStoresChart });

/** Claims from my pins and spends of their cards, per UTC day for the last 30 days. */
export function useActivityChart() {
  return useQuery(getActivityChartQueryOptions());
}

/** The value of the cards claimed from my pins: issued, redeemed, outstanding, returned. */
export function useValueChart() {
  return useQuery(getValueChartQueryOptions());
}

/** The five stores with the most claims from my pins. */
export function useTopStoresChart() {
  return useQuery(getTopStoresChartQueryOptions());
}
