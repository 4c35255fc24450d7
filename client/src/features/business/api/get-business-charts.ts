import { queryOptions, useQuery } from '@tanstack/react-query';
import { chartsContracts } from '@shared/contracts/charts';
import { contractQuery } from '@/lib/query-client';

export const getActivityChartQueryOptions = () =>
  queryOptions(contractQuery(chartsContracts.activity));
export const getValueChartQueryOptions = () => queryOptions(contractQuery(chartsContracts.value));
export const getTopStoresChartQueryOptions = () =>
  queryOptions(contractQuery(chartsContracts.topStores));

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
