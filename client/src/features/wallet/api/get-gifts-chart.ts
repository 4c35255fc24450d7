import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GiftsChartMonth } from '@shared/schema/charts';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_KEY } from '@/lib/query-client';

// Under the wallet's key: sending or receiving a gift refreshes the wallet, and so the chart.
export const getGiftsChart = (): Promise<GiftsChartMonth[]> => api.get('/wallet/charts/gifts');

export const getGiftsChartQueryOptions = () =>
  queryOptions({ queryKey: [...WALLET_QUERY_KEY, 'charts', 'gifts'], queryFn: getGiftsChart });

/** The consumer's gifts sent and received, per UTC month for the last 12 months. */
export function useGiftsChart() {
  return useQuery(getGiftsChartQueryOptions());
}
