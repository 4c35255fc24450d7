import { Gift, SearchX } from 'lucide-react';
import { useMemo, type Ref } from 'react';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { type useInfiniteMarketplacePins } from '@/api/get-marketplace-pins';
import {
  MarketplacePinCard,
  MarketplacePinCardSkeleton,
} from '@/components/gift-cards/marketplace-pin-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { cn } from '@/lib/utils';

const FETCH_ERROR = 'Failed to fetch marketplace pins';
const SCROLL_AREA_CLASS = 'h-[600px] overflow-y-auto rounded-lg border bg-muted/30 p-3';

type MarketplacePinListProps = {
  query: ReturnType<typeof useInfiniteMarketplacePins>;
  /** True until the page knows whether it may ask for offers nearby. */
  waitingForLocation: boolean;
  /** Whether a search or a brand filter narrows the offers. */
  filtered: boolean;
  onClearFilters: () => void;
  scrollAreaRef?: Ref<HTMLDivElement>;
};

/** The offers in a 600 px scroll area, page after page with "Load more". */
export function MarketplacePinList({
  query,
  waitingForLocation,
  filtered,
  onClearFilters,
  scrollAreaRef,
}: MarketplacePinListProps) {
  const { data, isFetchNextPageError, isFetching, isPlaceholderData, refetch } = query;

  // A claim refetches every loaded page; a pin that moved between pages would show twice.
  const pins = useMemo(() => {
    const seen = new Map<number, MarketplacePin>();
    for (const page of data?.pages ?? []) {
      for (const pin of page.items) if (!seen.has(pin.id)) seen.set(pin.id, pin);
    }
    return [...seen.values()];
  }, [data]);

  if (waitingForLocation || query.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading offers"
        className={cn(SCROLL_AREA_CLASS, 'grid content-start gap-3 overflow-hidden sm:grid-cols-2')}
      >
        {Array.from({ length: 4 }, (_, index) => (
          <MarketplacePinCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (!data) {
    return (
      <ErrorAlert message={FETCH_ERROR} onRetry={() => void refetch()} retrying={isFetching} />
    );
  }

  const total = data.pages[0]?.total ?? pins.length;
  // The server lists only the nearest (or newest) offers when more are on offer.
  const only = data.pages[0]?.scope;

  if (pins.length === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          {filtered ? (
            <>
              <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="max-w-sm text-muted-foreground">
                No offers match your search or brand filter.
              </p>
              <Button variant="outline" size="sm" onClick={onClearFilters}>
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <Gift className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="max-w-sm text-muted-foreground">
                No offers right now. Businesses add new gift cards all the time, so check back soon.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="grid gap-2">
      {/* Focusable so keyboard users can scroll it; named so screen readers can find it. */}
      <div
        ref={scrollAreaRef}
        role="region"
        aria-label="Offers"
        aria-busy={isPlaceholderData}
        tabIndex={0}
        className={cn(
          SCROLL_AREA_CLASS,
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
        )}
      >
        <ul
          aria-label="Gift card offers"
          className={cn('grid gap-3 sm:grid-cols-2', isPlaceholderData && 'opacity-60')}
        >
          {pins.map((pin) => (
            <li key={pin.id}>
              <MarketplacePinCard pin={pin} />
            </li>
          ))}
        </ul>
        {isFetchNextPageError ? (
          <div className="mt-3">
            <ErrorAlert
              message={FETCH_ERROR}
              onRetry={() => void query.fetchNextPage()}
              retrying={query.isFetchingNextPage}
            />
          </div>
        ) : (
          query.hasNextPage && (
            <div className="mt-3 flex justify-center">
              <Button
                variant="outline"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage || isPlaceholderData}
              >
                {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )
        )}
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {only
          ? `Showing ${pins.length} of the ${total} ${only} offers`
          : `Showing ${pins.length} of ${total} ${total === 1 ? 'offer' : 'offers'}`}
      </p>
    </div>
  );
}
