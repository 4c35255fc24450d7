import { type PublicProfile } from '@shared/schema/profiles';
import { getUserQueryOptions } from '@/api/get-user';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';

/**
 * The pages a visitor who is not signed in lands on: a shared profile link and the sign-in page.
 * app.tsx loads them lazily through these same functions.
 */
export const loadProfilePage = () => import('@/features/profile/pages/profile-page');
export const loadAuthPage = () => import('@/features/auth/pages/auth-page');

const PROFILE_PATH = /^\/u\/([^/]+)\/?$/;

/** The block the server sends with the HTML of a public profile (server/lib/first-route-html.ts). */
const FIRST_ROUTE_DATA_ID = 'first-route-data';

type SentWithPage = { profile?: PublicProfile; signedIn?: false };

/**
 * What the server sent with the page's HTML: a JSON data block, never executed. Empty without
 * one (the dev server, another page).
 */
function sentWithPage(): SentWithPage {
  const text = document.getElementById(FIRST_ROUTE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as SentWithPage;
  } catch {
    return {};
  }
}

/**
 * Who is signed in: nobody when the server saw no session cookie (the answer lands in the cache,
 * and the pages still ask again as they always do); otherwise asked for now.
 */
function startUser(sent: SentWithPage): void {
  if (sent.signedIn === false) queryClient.setQueryData(getUserQueryOptions().queryKey, null);
  else void queryClient.prefetchQuery(getUserQueryOptions());
}

/**
 * Starts what the first page needs as soon as the entry script runs, before React has rendered
 * anything: its code and, on a public profile, the profile itself, side by side. Left to React,
 * the profile (on the sign-in page, the session) would be asked for only once the page's code had
 * arrived and rendered: one more round trip before anything shows on a slow phone network. The
 * answer lands in the cache the page reads, so the page finds it there or in flight.
 */
export function startFirstRoute(pathname: string): void {
  const profile = PROFILE_PATH.exec(pathname);
  if (profile?.[1]) {
    let username: string;
    try {
      username = decodeURIComponent(profile[1]);
    } catch {
      // A malformed address: the page shows its own answer for it.
      return;
    }
    void loadProfilePage().catch(() => {});
    const sent = sentWithPage();
    const options = getProfileQueryOptions(username);
    // Sent with the HTML when it is the one this address names: nothing to ask for, the page
    // renders it as soon as its code is here.
    if (sent.profile?.username.toLowerCase() === username.toLowerCase()) {
      queryClient.setQueryData(options.queryKey, sent.profile);
    } else {
      void queryClient.prefetchQuery(options);
    }
    if (sent.signedIn === false) startUser(sent);
  } else if (pathname === paths.auth) {
    // The sign-in page waits for the session (someone signed in is sent home), which nothing
    // else on this path asks for before the page's code is here.
    void loadAuthPage().catch(() => {});
    startUser(sentWithPage());
  }
}
