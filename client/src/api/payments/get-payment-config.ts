import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsContracts } from '@shared/contracts/payments';
import { contractQuery } from '@/lib/query-client';

/** The payment mode ('test' or 'live') and where card details are sent to be tokenised. */
export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    ...contractQuery(paymentsContracts.config),
    // Set by the deployment: it does not change while the page is open.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
