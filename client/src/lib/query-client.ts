import {
  QueryCache,
  QueryClient,
  type DefaultOptions,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { type AnyContract, type ContractInput } from '@shared/contract';
import { authContracts } from '@shared/contracts/auth';
import { ApiError, call, type CallArguments } from './api-client';

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
        if (
          error instanceof ApiError &&
          error.status === 401 &&
          USER_QUERY_KEY.some((part, index) => query.queryKey[index] !== part)
        ) {
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

/** A contract, or a feature's group of contracts (every endpoint of `friendsContracts`). */
export type InvalidationTarget = AnyContract | Readonly<Record<string, AnyContract>>;

/**
 * The react-query key of an endpoint and its input: `[group, name, input]` from the contract's
 * name (`friends.list`), so one endpoint and input has one key, and a change invalidates by
 * contract (`[group, name]`) or by a whole feature (`[group]`).
 */
export function queryKeyOf<C extends AnyContract>(contract: C, input?: ContractInput<C>) {
  const [group = '', name = ''] = contract.id.split('.');
  return (input === undefined ? [group, name] : [group, name, input]) as readonly unknown[];
}

/** The current user's query key; the session lives in this one cache entry. */
export const USER_QUERY_KEY = queryKeyOf(authContracts.user);

function keyOfTarget(target: InvalidationTarget): readonly unknown[] {
  if (typeof (target as AnyContract).id === 'string') return queryKeyOf(target as AnyContract);
  const [first] = Object.values(target as Record<string, AnyContract>);
  return [first?.id.split('.')[0] ?? ''];
}

/** Marks the answers of these contracts (or groups) stale; the mounted queries ask again. */
export function invalidate(client: QueryClient, ...targets: InvalidationTarget[]): Promise<void> {
  return Promise.all(
    targets.map((target) => client.invalidateQueries({ queryKey: keyOfTarget(target) })),
  ).then(() => undefined);
}

/**
 * A query of one endpoint: its key from the contract and input, and its function the typed
 * call; spread into `useQuery`/`queryOptions` with any options of the caller's own.
 */
export function contractQuery<C extends AnyContract>(
  contract: C,
  ...[input, options]: CallArguments<C>
) {
  return {
    queryKey: queryKeyOf(contract, input),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      call(contract, ...([input, { ...options, signal }] as CallArguments<C>)),
  };
}
