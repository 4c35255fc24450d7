import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PaymentConfig } from '@shared/schema/payments';
import { api } from '@/lib/api-client';

export const PAYMENT_CONFIG_QUERY_KEY = ['payments', 'config'] as const;

/** The payment mode ('test' or 'live') and where card details are sent to be tokenised. */
export const getPaymentConfig = (): Promise<PaymentConfig> => api.get('/payments/config');

export const getPaymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_CONFIG_QUERY_KEY,
    queryFn: getPaymentConfig,
    // Set by the deployment: it does not change while the page is open.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(getPaymentConfigQueryOptions());
}
