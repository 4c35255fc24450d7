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
 * anything: who is signed in, the page's first data (on a public profile, the profile) and, on
 * the two pages a guest lands on, the page's code, side by side. Left to React, each would be
 * asked for only once the entry had run and rendered, some only after the session had answered:
 * round trips before anything shows on a slow phone network. The answers land in the cache the
 * page reads, so the page finds them there or in flight. What the server sent with the HTML is
 * not asked for at all.
 */
export function startFirstRoute(pathname: string): void {
  const sent = sentWithPage();
  const onProfile = PROFILE_PATH.test(pathname);
  const { profileSeeded } = seedFirstRoute(queryClient, pathname, sent);
  // Every page waits for who is signed in (the guard of a signed-in page, the sign-in page to send
  // someone signed in home, a profile for what it offers), which React would ask for only once the
  // whole entry has run and rendered.
  if (sent.signedIn !== false) void queryClient.prefetchQuery(getUserQueryOptions());
  if (!onProfile && pathname !== paths.auth) {
    if (sent.signedIn !== false) startSignedInList(pathname);
    return;
  }
  void (onProfile ? loadProfilePage() : loadAuthPage()).catch(() => {});
  const username = profileUsername(pathname);
  // A malformed address: the page shows its own answer for it.
  if (onProfile && username && !profileSeeded) {
    void queryClient.prefetchQuery(getProfileQueryOptions(username));
  }
}

/**
 * The signed-in pages whose first screen is a list: its first page is asked for alongside the
 * session, instead of once the session has answered and the page's code has rendered (two round
 * trips later on a phone). The query is the one the page makes, so the page finds the answer in
 * the cache or in flight. Someone not signed in gets a 401 the page never reads: the guard sends
 * them to sign in. The page's code is not asked for here: on a slow network its files would share
 * the bandwidth with the entry script's, and the first paint waits for the entry.
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
