import { queryOptions, useQuery } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { contractQuery } from '@/lib/query-client';

export const getGiftsChartQueryOptions = () => queryOptions(contractQuery(chartsContracts.gifts));

/** The consumer's gifts sent and received, per UTC month for the last 12 months. */
export function useGiftsChart() {
  return useQuery(getGiftsChartQueryOptions());
}
