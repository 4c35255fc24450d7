import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TwoFactorStatus } from '@shared/schema/two-factor';
import { api } from '@/lib/api-client';

/** Whether the signed-in user has two-factor on: Settings and the identity check both read it. */
export const TWO_FACTOR_QUERY_KEY = ['two-factor'] as const;

export const getTwoFactorStatus = (): Promise<TwoFactorStatus> => api.get('/user/two-factor');

export const getTwoFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
