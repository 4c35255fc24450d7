import { queryOptions, useQuery } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { contractQuery } from '@/lib/query-client';

/** The session's own facts (who, since when, until when), for the Debug tab. */
export const getSessionQueryOptions = () =>
  queryOptions({ ...contractQuery(authContracts.session), staleTime: 0 });

export function useSessionInfo() {
  return useQuery(getSessionQueryOptions());
}
