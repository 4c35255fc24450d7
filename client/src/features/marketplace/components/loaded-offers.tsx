import { useMemo } from 'react';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { type useInfiniteMarketplacePins } from '@/api/get-marketplace-pins';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';

export type MarketplaceQuery = ReturnType<typeof useInfiniteMarketplacePins>;

export const FETCH_ERROR = 'Failed to fetch marketplace pins';

/** Every offer of the pages loaded so far, each once. */
export function useLoadedPins(query: MarketplaceQuery): MarketplacePin[] {
  const { data } = query;
  // A claim refetches every loaded page; a pin that moved between pages would show twice.
  return useMemo(() => {
    const seen = new Map<number, MarketplacePin>();
    for (const page of data?.pages ?? []) {
      for (const pin of page.items) if (!seen.has(pin.id)) seen.set(pin.id, pin);
    }
    return [...seen.values()];
  }, [data]);
}

/** "Load more" while the server has more pages, or the error of the last one with Try again. */
export function LoadMoreOffers({ query }: { query: MarketplaceQuery }) {
  if (query.isFetchNextPageError) {
    return (
      <ErrorAlert
        message={FETCH_ERROR}
        onRetry={() => void query.fetchNextPage()}
        retrying={query.isFetchingNextPage}
      />
    );
  }
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage || query.isPlaceholderData}
      >
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}

/** How many of the offers are shown: all of them, or the pages loaded so far. */
export function OffersCount({ query, shown }: { query: MarketplaceQuery; shown: number }) {
  const total = query.data?.pages[0]?.total ?? shown;
  // The server lists only the nearest (or newest) offers when more are on offer.
  const only = query.data?.pages[0]?.scope;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {only
        ? `Showing ${shown} of the ${total} ${only} offers`
        : `Showing ${shown} of ${total} ${total === 1 ? 'offer' : 'offers'}`}
    </p>
  );
}
