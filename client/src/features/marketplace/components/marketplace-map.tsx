import { MapPinned } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { brandColour } from '@shared/constants';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { MarketplacePinCard } from '@/components/gift-cards/marketplace-pin-card';
import { MapView } from '@/components/map/map-view';
import { type MapMarker } from '@/components/map/map-types';
import { Skeleton } from '@/components/ui/skeleton';
import { type Coordinates } from '@/lib/use-geolocation';
import { cn } from '@/lib/utils';
import { LoadMoreOffers, type MarketplaceQuery, OffersCount } from './loaded-offers';
import { OffersGate } from './offers-gate';

const MAP_CLASS = 'h-[22rem] sm:h-[28rem]';

/** What a marker says: the offer and where its store is. */
export function markerLabel(pin: MarketplacePin): string {
  const place = [pin.location_name, pin.city, pin.state].filter(Boolean).join(', ');
  return `${pin.message} at ${place}`;
}

type MarketplaceMapProps = {
  query: MarketplaceQuery;
  waitingForLocation: boolean;
  filtered: boolean;
  onClearFilters: () => void;
  /** The consumer's position, drawn as 'You are here' when known. */
  userLocation?: Coordinates;
  selectedId: number | null;
  onSelect: (id: number | null) => void;
};

/**
 * The offers loaded so far on a map: each offer's store as a marker in its brand's colour, the
 * consumer's position, and the chosen offer's card (with Claim) beside the map, or under it on
 * a phone. The list under the map names every marker and chooses one from the keyboard.
 */
export function MarketplaceMap({
  query,
  userLocation,
  selectedId,
  onSelect,
  ...gate
}: MarketplaceMapProps) {
  return (
    <OffersGate
      query={query}
      {...gate}
      loading={
        <div role="status" aria-label="Loading offers">
          <Skeleton className={cn('w-full rounded-lg', MAP_CLASS)} />
        </div>
      }
    >
      {(pins) => (
        <OffersOnMap
          pins={pins}
          query={query}
          userLocation={userLocation}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      )}
    </OffersGate>
  );
}

type OffersOnMapProps = Pick<
  MarketplaceMapProps,
  'query' | 'userLocation' | 'selectedId' | 'onSelect'
> & { pins: MarketplacePin[] };

function OffersOnMap({ pins, query, userLocation, selectedId, onSelect }: OffersOnMapProps) {
  const selectedHeadingId = useId();
  const selectedRef = useRef<HTMLElement>(null);
  const markers = useMemo<MapMarker[]>(
    () =>
      pins.map((pin) => ({
        id: pin.id,
        lat: pin.lat,
        lng: pin.lng,
        colour: brandColour(pin.brand),
        label: markerLabel(pin),
      })),
    [pins],
  );
  // The chosen offer stays shown when it leaves the list under the same filters — as it does once
  // claimed (the offers refresh without it), so the card keeps saying 'Claimed' where it was
  // clicked. A new search or brand clears the choice (the page does).
  const found = pins.find((pin) => pin.id === selectedId) ?? null;
  const [kept, setKept] = useState<MarketplacePin | null>(null);
  if (found && found !== kept) setKept(found);
  const selected = found ?? (kept && kept.id === selectedId ? kept : null);

  // On a phone the card is under the map and its list: bring it into view once chosen (not when
  // the consumer comes back to the map with an offer chosen before).
  const shownId = useRef(selectedId);
  useEffect(() => {
    if (selectedId === shownId.current) return;
    shownId.current = selectedId;
    if (selectedId !== null) selectedRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className={cn('grid gap-3', query.isPlaceholderData && 'opacity-60')}>
        <MapView
          label="Map of offers"
          listLabel="Offers on the map"
          markers={markers}
          userLocation={userLocation ?? null}
          selectedId={selected?.id ?? null}
          onSelect={onSelect}
          className={MAP_CLASS}
        />
        <OffersCount query={query} shown={pins.length} />
        <LoadMoreOffers query={query} />
      </div>
      <section
        ref={selectedRef}
        aria-labelledby={selectedHeadingId}
        className="grid gap-2 lg:sticky lg:top-4"
      >
        <h2 id={selectedHeadingId} className="text-lg font-semibold">
          Selected offer
        </h2>
        {selected ? (
          <MarketplacePinCard key={selected.id} pin={selected} headingLevel={3} />
        ) : (
          <p className="flex items-start gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            <MapPinned className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            Choose a store on the map, or an offer in the list under it, to see the offer here.
          </p>
        )}
      </section>
    </div>
  );
}
