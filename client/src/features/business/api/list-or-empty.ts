/**
 * The wizard's cascade lists (brands, states, cities, stores): a failed list is logged and read as
 * empty, so the step shows its "No … available" placeholder instead of breaking.
 */
export async function listOrEmpty<T>(request: Promise<T[]>, failure: string): Promise<T[]> {
  try {
    return await request;
  } catch (error) {
    console.error(failure, error);
    return [];
  }
}

/** The store catalogue changes with a release, not while someone is choosing a store. */
export const CATALOGUE_STALE_TIME = 5 * 60 * 1000;
