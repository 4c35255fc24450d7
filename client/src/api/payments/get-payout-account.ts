import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentSettingsContracts } from '@shared/contracts/payment-settings';
import { contractQuery } from '@/lib/query-client';

/**
 * The business's payout bank account (the holder and last four digits), or null when no account
 * is on file: Payment Settings and the Withdraw dialog read it.
 */
export const getPayoutAccountQueryOptions = () =>
  queryOptions(contractQuery(paymentSettingsContracts.payoutAccount));

export function usePayoutAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getPayoutAccountQueryOptions(), enabled });
}
