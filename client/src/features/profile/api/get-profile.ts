import { queryOptions, useQuery } from '@tanstack/react-query';
import { profilesContracts } from '@shared/contracts/profiles';
import { ApiError } from '@/lib/api-client';
import { contractQuery } from '@/lib/query-client';

/**
 * The profile fetch retries once, while the app default is no retry. A 404 is final (the username
 * does not exist), so it is not asked again.
 */
export function retryProfileOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status === 404) return false;
  return failureCount < 1;
}

/** A person's public profile: public fields only (no e-mail or phone). Open to guests. */
export const getProfileQueryOptions = (username: string) =>
  queryOptions({
    // Usernames match in any letter case: /u/Ava and /u/ava are one profile, cached once.
    ...contractQuery(profilesContracts.get, { params: { username: username.toLowerCase() } }),
    retry: retryProfileOnce,
    // The entry asks for the profile alongside the page's code (first-route.ts): the answer is
    // fresh when the page mounts a moment later, so it is not asked for twice. The changes the
    // app makes to a profile invalidate it.
    staleTime: 10_000,
  });

export function useProfile(username: string) {
  return useQuery(getProfileQueryOptions(username));
}
