/** The store catalogue changes with a release, not while someone is choosing a store. */
const CATALOGUE_STALE_TIME = 5 * 60 * 1000;

type ListQuery<T> = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T[]>;
};

/**
 * The wizard's cascade lists (brands, states, cities, stores): a failed list is logged and read as
 * empty, so the step shows its "No … available" placeholder instead of breaking.
 */
export function listOrEmpty<T>({ queryKey, queryFn }: ListQuery<T>, failure: string) {
  return {
    queryKey,
    queryFn: async (context: { signal: AbortSignal }): Promise<T[]> => {
      try {
        return await queryFn(context);
      } catch (error) {
        console.error(failure, error);
        return [];
      }
    },
    staleTime: CATALOGUE_STALE_TIME,
  };
}
