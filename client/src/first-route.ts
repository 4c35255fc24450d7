import { type QueryClient } from '@tanstack/react-query';
import { FIRST_ROUTE_DATA_ID, type FirstRouteData } from '@shared/first-route';
import {
  getMarketplacePinsInfiniteQueryOptions,
  MARKETPLACE_PAGE_SIZE,
} from '@/api/get-marketplace-pins';
import { getUserQueryOptions } from '@/api/get-user';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { getPostsInfiniteQueryOptions } from '@/features/social-feed/api/get-posts';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

/**
 * The pages a visitor who is not signed in lands on: a shared profile link and the sign-in page.
 * app.tsx loads them lazily through these same functions.
 */
export const loadProfilePage = () => import('@/features/profile/pages/profile-page');
export const loadAuthPage = () => import('@/features/auth/pages/auth-page');

const PROFILE_PATH = /^\/u\/([^/]+)\/?$/;

/**
 * What the server sent with the page's HTML: a JSON data block, never executed. Empty without
 * one (the dev server, another page).
 */
function sentWithPage(): FirstRouteData {
  const text = document.getElementById(FIRST_ROUTE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as FirstRouteData;
  } catch {
    return {};
  }
}

/**
 * What the server sent lands in a query cache: who is signed in (nobody, when the server saw no
 * session cookie) and, on the profile this address names, the profile. The browser's cache at
 * start-up and, on the server, the cache the first route's HTML is rendered from get the same
 * data, so that the page renders the same in both. True when the profile was among it.
 */
export function seedFirstRoute(
  client: QueryClient,
  pathname: string,
  sent: FirstRouteData,
): { profileSeeded: boolean } {
  if (sent.signedIn === false) client.setQueryData(getUserQueryOptions().queryKey, null);
  const username = profileUsername(pathname);
  if (username && sent.profile?.username.toLowerCase() === username.toLowerCase()) {
    client.setQueryData(getProfileQueryOptions(username).queryKey, sent.profile);
    return { profileSeeded: true };
  }
  return { profileSeeded: false };
}

/** The username a /u/:username address names; null elsewhere or when it is malformed. */
function profileUsername(pathname: string): string | null {
  const profile = PROFILE_PATH.exec(pathname);
  if (!profile?.[1]) return null;
  try {
    return decodeURIComponent(profile[1]);
  } catch {
    return null;
  }
}

/**
 * Starts what the first page needs as soon as the entry script runs, before React has rendered
 * anything: its code and, on a public profile, the profile itself, side by side. Left to React,
 * the profile (on the sign-in page, the session) would be asked for only once the page's code had
 * arrived and rendered: one more round trip before anything shows on a slow phone network. The
 * answer lands in the cache the page reads, so the page finds it there or in flight. What the
 * server sent with the HTML is not asked for at all.
 */
export function startFirstRoute(pathname: string): void {
  const sent = sentWithPage();
  const onProfile = PROFILE_PATH.test(pathname);
  if (!onProfile && pathname !== paths.auth) {
    if (sent.signedIn !== false) startSignedInList(pathname);
    return;
  }
  void (onProfile ? loadProfilePage() : loadAuthPage()).catch(() => {});
  const { profileSeeded } = seedFirstRoute(queryClient, pathname, sent);
  const username = profileUsername(pathname);
  // A malformed address: the page shows its own answer for it.
  if (onProfile && username && !profileSeeded) {
    void queryClient.prefetchQuery(getProfileQueryOptions(username));
  }
  // The sign-in page waits for the session (someone signed in is sent home), which nothing else
  // on this path asks for before the page's code is here.
  if (sent.signedIn !== false && !onProfile) void queryClient.prefetchQuery(getUserQueryOptions());
}

/**
 * The signed-in pages whose first screen is a list: its first page is asked for alongside the
 * session, instead of once the session has answered and the page's code has rendered (two round
 * trips later on a phone). The query is the one the page makes, so the page finds the answer in
 * the cache or in flight. Someone not signed in gets a 401 the page never reads: the guard sends
 * them to sign in.
 */
function startSignedInList(pathname: string): void {
  if (pathname === paths.socialFeed) {
    void queryClient.prefetchInfiniteQuery(getPostsInfiniteQueryOptions());
  } else if (pathname === paths.marketplace) {
    // The marketplace lists offers near the consumer when the browser already allows reading the
    // position: then the page asks with it, and a list from everywhere would be asked in vain.
    void locationMayBeRead().then((allowed) => {
      if (allowed) return;
      return queryClient.prefetchInfiniteQuery(
        getMarketplacePinsInfiniteQueryOptions({ limit: MARKETPLACE_PAGE_SIZE }),
      );
    });
  }
}

/** Whether the Permissions API says the position can be read without a prompt. */
async function locationMayBeRead(): Promise<boolean> {
  if (!navigator.geolocation) return false;
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state === 'granted';
  } catch {
    return false;
  }
}
