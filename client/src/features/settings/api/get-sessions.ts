import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountContracts } from '@shared/contracts/account';
import { contractQuery } from '@/lib/query-client';

/** The account's signed-in sessions, the one asking first. */
export const getSessionsQueryOptions = () => queryOptions(contractQuery(accountContracts.sessions));

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
