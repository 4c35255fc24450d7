import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PayoutAccount } from '@shared/schema/payments';
import { api } from '@/lib/api-client';

/** The business's payout bank account: Payment Settings and the Withdraw dialog read it. */
export const PAYOUT_ACCOUNT_QUERY_KEY = ['payments', 'payout-account'] as const;

/** The holder and last four digits, or null when no account is on file. */
export const getPayoutAccount = (): Promise<PayoutAccount | null> =>
  api.get('/payments/payout-account');

export const getPayoutAccountQueryOptions = () =>
  queryOptions({ queryKey: PAYOUT_ACCOUNT_QUERY_KEY, queryFn: getPayoutAccount });

export function usePayoutAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPayoutAccountQueryOptions(), enabled });
}
