import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PublicProfile } from '@shared/schema/profiles';
import { ApiError, api } from '@/lib/api-client';
import { PROFILES_QUERY_KEY } from '@/lib/query-client';

/** A person's public profile: public fields only (no e-mail or phone). Open to guests. */
export const getProfile = (username: string): Promise<PublicProfile> =>
  api.get(`/user/profile/${encodeURIComponent(username)}`);

/**
 * The profile fetch retries once, while the app default is no retry. A 404 is final (the username
 * does not exist), so it is not asked again.
 */
export function retryProfileOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < 1;
}

export const getProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: [...PROFILES_QUERY_KEY, username.toLowerCase()],
    queryFn: () => getProfile(username),
    retry: retryProfileOnce,
    // The entry asks for the profile alongside the page's code (first-route.ts): the answer is
    // fresh when the page mounts a moment later, so it is not asked for twice. The changes the
    // app makes to a profile invalidate it.
    staleTime: 10_000,
  });

export function useProfile(username: string) {
  return useQuery(getProfileQueryOptions(username));
}
