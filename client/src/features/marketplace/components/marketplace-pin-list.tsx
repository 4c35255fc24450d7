import { type Ref } from 'react';
import {
  MarketplacePinCard,
  MarketplacePinCardSkeleton,
} from '@/components/gift-cards/marketplace-pin-card';
import { cn } from '@/lib/utils';
import { LoadMoreOffers, type MarketplaceQuery, OffersCount } from './loaded-offers';
import { OffersGate } from './offers-gate';

const SCROLL_AREA_CLASS = 'h-[600px] overflow-y-auto rounded-lg border bg-muted/30 p-3';

type MarketplacePinListProps = {
  query: MarketplaceQuery;
  /** True until the page knows whether it may ask for offers nearby. */
  waitingForLocation: boolean;
  /** Whether a search or a brand filter narrows the offers. */
  filtered: boolean;
  onClearFilters: () => void;
  scrollAreaRef?: Ref<HTMLDivElement>;
};

/** The offers in a 600 px scroll area, page after page with "Load more". */
export function MarketplacePinList({ query, scrollAreaRef, ...gate }: MarketplacePinListProps) {
  return (
    <OffersGate
      query={query}
      {...gate}
      loading={
        <div
          role="status"
          aria-label="Loading offers"
          className={cn(
            SCROLL_AREA_CLASS,
            'grid content-start gap-3 overflow-hidden sm:grid-cols-2',
          )}
        >
          {Array.from({ length: 4 }, (_, index) => (
            <MarketplacePinCardSkeleton key={index} />
          ))}
        </div>
      }
    >
      {(pins) => (
        <div className="grid gap-2">
          {/* Focusable so keyboard users can scroll it; named so screen readers can find it. */}
          <div
            ref={scrollAreaRef}
            role="region"
            aria-label="Offers"
            aria-busy={query.isPlaceholderData}
            tabIndex={0}
            className={cn(
              SCROLL_AREA_CLASS,
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden',
            )}
          >
            <ul
              aria-label="Gift card offers"
              className={cn('grid gap-3 sm:grid-cols-2', query.isPlaceholderData && 'opacity-60')}
            >
              {pins.map((pin) => (
                <li key={pin.id}>
                  <MarketplacePinCard pin={pin} />
                </li>
              ))}
            </ul>
            <div className="mt-3 empty:hidden">
              <LoadMoreOffers query={query} />
            </div>
          </div>
          <OffersCount query={query} shown={pins.length} />
        </div>
      )}
    </OffersGate>
  );
}
