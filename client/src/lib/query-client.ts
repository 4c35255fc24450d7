import {
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { ApiError } from './api-client';

/** The current user's query key; the session lives in this one cache entry. */
export const USER_QUERY_KEY = ['user'] as const;

/**
 * Keys of cached data that more than one feature reads or changes: a mutation invalidates by these
 * prefixes, so every list or figure built on the same data refreshes together.
 */
export const WALLET_QUERY_KEY = ['wallet'] as const;
export const PINS_QUERY_KEY = ['pins'] as const;
export const BUSINESS_DASHBOARD_QUERY_KEY = ['business', 'dashboard'] as const;
export const MARKETPLACE_QUERY_KEY = ['marketplace'] as const;
/** Gift cards live under the wallet's key: whatever changes a card refreshes the wallet too. */
export const GIFT_CARDS_QUERY_KEY = [...WALLET_QUERY_KEY, 'cards'] as const;
export const LEADERBOARD_QUERY_KEY = ['leaderboard'] as const;
export const FRIENDS_QUERY_KEY = ['friends'] as const;
export const PROFILES_QUERY_KEY = ['profiles'] as const;
export const USER_SEARCH_QUERY_KEY = ['users', 'search'] as const;
/** The Pin Board's posts: they show their authors' names and pictures. */
export const POSTS_QUERY_KEY = ['posts'] as const;

/**
 * How long the feed's first page, asked for as the entry script runs (client/src/first-route.ts),
 * stays fresh: the page mounts a moment later and finds it, instead of asking for it again and
 * rendering its posts twice. Changes still refresh it at once (they invalidate its key). The
 * marketplace keeps asking on mount: going back to a filter shows that filter's offers as they
 * are now.
 */
export const FIRST_PAGE_FRESH_MS = 10_000;

/** How long the answer to 'who is signed in' stands before a page that mounts asks again. */
export const SESSION_FRESH_MS = 10_000;

/** The query layer defaults to no retry and no refetch on window focus. */
export const queryConfig = {
  queries: { retry: false, refetchOnWindowFocus: false },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: queryConfig,
    queryCache: new QueryCache({
      // A 401 from any other query means the session ended: ask again who is signed in, so the
      // guards send the visitor to /auth instead of leaving a page of errors.
      onError: (error, query) => {
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== 'user') {
          void client.invalidateQueries({ queryKey: USER_QUERY_KEY });
        }
      },
    }),
  });
  return client;
}

export const queryClient = createQueryClient();

/** Callbacks a hook's caller may add to a mutation; the hook's own cache updates run first. */
export type MutationConfig<T extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<T>>, Error, Parameters<T>[0]>,
  'mutationFn'
>;
