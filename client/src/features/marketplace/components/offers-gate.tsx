import { Gift, SearchX } from 'lucide-react';
import { type ReactNode } from 'react';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FETCH_ERROR, type MarketplaceQuery, useLoadedPins } from './loaded-offers';

type OffersGateProps = {
  query: MarketplaceQuery;
  /** True until the page knows whether it may ask for offers nearby. */
  waitingForLocation: boolean;
  /** Whether a search or a brand filter narrows the offers. */
  filtered: boolean;
  onClearFilters: () => void;
  /** What shows while the offers load (the list's cards, or the map's outline). */
  loading: ReactNode;
  /** The offers, once there are some. */
  children: (pins: MarketplacePin[]) => ReactNode;
};

/**
 * What the list and the map have in common: the loading placeholder, the error with Try again,
 * and the empty states (nothing on offer, or nothing matching the filters).
 */
export function OffersGate({
  query,
  waitingForLocation,
  filtered,
  onClearFilters,
  loading,
  children,
}: OffersGateProps) {
  const pins = useLoadedPins(query);

  if (waitingForLocation || query.isPending) return loading;

  if (!query.data) {
    return (
      <ErrorAlert
        message={FETCH_ERROR}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

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

  return children(pins);
}
