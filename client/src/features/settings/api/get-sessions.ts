import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SignedInSession } from '@shared/schema/account';
import { api } from '@/lib/api-client';

export const SESSIONS_QUERY_KEY = ['account', 'sessions'] as const;

/** The account's signed-in sessions, the one asking first. */
export const getSessions = (): Promise<SignedInSession[]> => api.get('/user/sessions');

export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: SESSIONS_QUERY_KEY, queryFn: getSessions });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
