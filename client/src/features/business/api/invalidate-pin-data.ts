import { type QueryClient } from '@tanstack/react-query';
import { BUSINESS_DASHBOARD_QUERY_KEY, PINS_QUERY_KEY, WALLET_QUERY_KEY } from '@/lib/query-client';

/** Creating or cancelling a pin moves money: the pins, the stats and the wallet all change. */
export function invalidatePinData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PINS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: BUSINESS_DASHBOARD_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  ]);
}
