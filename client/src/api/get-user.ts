import { queryOptions, useQuery } from '@tanstack/react-query';
import { authContracts } from '@shared/contracts/auth';
import { type CurrentUser } from '@shared/schema/users';
import { ApiError, call } from '@/lib/api-client';
import { queryKeyOf, SESSION_FRESH_MS } from '@/lib/query-client';

/**
 * Who is signed in: a 401 means nobody; any other failure is logged and also treated as
 * signed out, so a broken session never leaves the app stuck on a spinner.
 */
export async function getUser(): Promise<CurrentUser | null> {
  try {
    return await call(authContracts.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    console.error('Failed to fetch the current user', error);
    return null;
  }
}

export const getUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf(authContracts.user),
    queryFn: getUser,
    // Asked for as the entry script runs (client/src/first-route.ts): the guard mounting a moment
    // later, and the next pages within seconds, use that answer. The session can still end
    // elsewhere (another tab, expiry): any other request's 401 asks again at once
    // (lib/query-client.ts), and so does the next page after this while. Never retried.
    staleTime: SESSION_FRESH_MS,
    retry: false,
  });

export function useUser() {
  return useQuery(getUserQueryOptions());
}
