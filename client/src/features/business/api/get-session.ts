import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UserType } from '@shared/constants';
import { api } from '@/lib/api-client';

export type SessionInfo = {
  userId: number;
  type: UserType;
  signedInAt: string | null;
  expiresAt: string | null;
};

/** The session's own facts (who, since when, until when), for the Debug tab. */
export const getSession = (): Promise<SessionInfo> => api.get('/session');

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: ['session'], queryFn: getSession, staleTime: 0 });

export function useSessionInfo() {
  return useQuery(getSessionQueryOptions());
}
