import { queryOptions, useQuery } from '@tanstack/react-query';
import { twoFactorContracts } from '@shared/contracts/two-factor';
import { contractQuery } from '@/lib/query-client';

/** Whether the signed-in user has two-factor on: Settings and the identity check both read it. */
export const getTwoFactorStatusQueryOptions = () =>
  queryOptions(contractQuery(twoFactorContracts.status));

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
