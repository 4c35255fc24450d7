import { List, Map as MapIcon, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { GIFT_LIMITS } from '@shared/constants';
import { MARKETPLACE_PAGE_SIZE, useInfiniteMarketplacePins } from '@/api/get-marketplace-pins';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useGeolocation } from '@/lib/use-geolocation';
import { useMarketplaceBrands } from '../api/get-marketplace-brands';
import { BrandFilter } from '../components/brand-filter';
import { LocationNotice } from '../components/location-notice';
import { MarketplaceMap } from '../components/marketplace-map';
import { MarketplacePinList } from '../components/marketplace-pin-list';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The search runs on the server once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

type View = 'list' | 'map';

/**
 * The consumer's marketplace: the pins on offer, personalised by the server, as a list or on a
 * map; from everywhere until the consumer chooses 'Use my location' (or the browser already
 * allows it), then near the consumer.
 */
export function MarketplacePage() {
  const searchId = useId();
  const location = useGeolocation();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [brand, setBrand] = useState<string | null>(null);
  // With a known location the list starts with offers near the consumer; they may widen it.
  const [nearby, setNearby] = useState(true);
  const coords = nearby ? location.coords : undefined;
  const scrollAreaRef = useRef<HTMLDivElement>(null);
  // Both stay while the consumer is on the page: a new search keeps the map, and going back to
  // the list and to the map again keeps the chosen offer.
  const [view, setView] = useState<View>('list');
  // The chosen offer belongs to the filters it was chosen under: a new search, brand or location
  // clears it (derived, so no effect has to reset it).
  const filterKey = JSON.stringify([brand, search, coords ?? null]);
  const [selection, setSelection] = useState<{ id: number | null; filterKey: string }>({
    id: null,
    filterKey,
  });
  const selectedId = selection.filterKey === filterKey ? selection.id : null;
  const setSelectedId = (id: number | null) => setSelection({ id, filterKey });
  // Offers everywhere show until the location is known; only a location already allowed (read
  // on load, no prompt) is waited for, so that the list does not change under the consumer.
  const waitingForLocation = location.status === 'checking';

  const query = useInfiniteMarketplacePins(
    {
      lat: coords?.lat,
      lng: coords?.lng,
      brand: brand ?? undefined,
      search: search || undefined,
      limit: MARKETPLACE_PAGE_SIZE,
    },
    { enabled: !waitingForLocation },
  );

  // New filters show a new list: start it at the top.
  useEffect(() => {
    if (scrollAreaRef.current) scrollAreaRef.current.scrollTop = 0;
  }, [brand, search, coords]);

  const brandList = useMarketplaceBrands(
    { lat: coords?.lat, lng: coords?.lng },
    { enabled: !waitingForLocation },
  );
  const brands = brandList.data ?? [];

  // The list and the map show the same offers, loaded by the same query.
  const offers = {
    query,
    waitingForLocation,
    filtered: Boolean(search || brand),
    onClearFilters: () => {
      setSearchText('');
      setBrand(null);
    },
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Pin Marketplace</h1>
        <LocationNotice location={location} nearby={nearby} onNearbyChange={setNearby} />
      </div>

      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search offers
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={searchId}
          type="search"
          placeholder="Search offers..."
          className="pl-9"
          maxLength={GIFT_LIMITS.searchTextMax}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>

      <BrandFilter brands={brands} selected={brand} onSelect={setBrand} />
      {brandList.isError && (
        <ErrorAlert
          message="Failed to load the brands to filter by."
          onRetry={() => void brandList.refetch()}
          retrying={brandList.isFetching}
        />
      )}

      <Tabs value={view} onValueChange={(value) => setView(value as View)}>
        <TabsList aria-label="Show offers as">
          <TabsTrigger value="list" className="gap-1.5">
            <List className="size-4" aria-hidden="true" />
            List
          </TabsTrigger>
          <TabsTrigger value="map" className="gap-1.5">
            <MapIcon className="size-4" aria-hidden="true" />
            Map
          </TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <MarketplacePinList {...offers} scrollAreaRef={scrollAreaRef} />
        </TabsContent>
        <TabsContent value="map">
          <MarketplaceMap
            {...offers}
            userLocation={location.coords}
            selectedId={selectedId}
            onSelect={setSelectedId}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
