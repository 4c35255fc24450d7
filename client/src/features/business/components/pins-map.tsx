import { brandColour, brandDisplayName, PAGE_SIZE_MAX } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { MapView } from '@/components/map/map-view';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useMyPins } from '../api/get-my-pins';
import { PIN_STATUS_LABELS } from './pin-status';

/**
 * The map asks for one page as large as the pin list gives (newest first): a business with more
 * active pins than that is told how many are left off rather than shown a map that looks whole.
 */
const MAP_PIN_LIMIT = PAGE_SIZE_MAX;

/** 'Starbucks · One Federal Bldg.': the store a pin is on. */
const storeLabel = (pin: BusinessPin) => `${brandDisplayName(pin.brand)} · ${pin.locationName}`;

/** The reach of a pin, with its status when it is not on offer. */
export function reachLabel(pin: BusinessPin): string {
  const label = `${storeLabel(pin)} — ${pin.radius}-mile reach`;
  return pin.status === 'active' ? label : `${label} (${PIN_STATUS_LABELS[pin.status]})`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the map holds, in a sentence: how many active pins, and how many are left off. */
function mapSummary(shown: number, total: number): string {
  if (total === 0) {
    return 'None of your pins is on offer right now, so the map is empty: paused and sold-out pins are not on it.';
  }
  if (shown < total) {
    return `Showing your newest ${shown} of ${total} active pins, each with the circle it reaches. Paused and sold-out pins are not on the map.`;
  }
  return `${plural(total, 'active pin', 'active pins')}, each with the circle it reaches. Paused and sold-out pins are not on the map.`;
}

/**
 * Every active pin of the business on a map, whatever page the pin list beside it is on: each
 * store a marker in its brand's colour, and the circle its pin reaches. The pin list pages through
 * paused and sold-out pins too, so the map carries its own list of the same pins, one line each.
 */
export function PinsMap() {
  const { data, isPending, isError, isFetching, refetch } = useMyPins({
    status: 'active',
    page: 1,
    limit: MAP_PIN_LIMIT,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading map">
        <Skeleton className="h-72 w-full rounded-lg" />
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load the map of your pins. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
        retryLabel="Try loading the map again"
      />
    );
  }

  const pins = data.items;
  const total = data.total ?? pins.length;
  return (
    <div className="grid gap-2">
      <MapView
        label="Map of your pins"
        className="h-72"
        hideList
        markers={pins.map((pin) => ({
          id: pin.id,
          lat: pin.lat,
          lng: pin.lng,
          colour: brandColour(pin.brand),
          label: storeLabel(pin),
        }))}
        circles={pins.map((pin) => ({
          id: pin.id,
          lat: pin.lat,
          lng: pin.lng,
          radiusMiles: pin.radius,
          colour: brandColour(pin.brand),
          label: reachLabel(pin),
        }))}
      />
      <p className="text-sm text-muted-foreground">{mapSummary(pins.length, total)}</p>
      {pins.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-primary underline-offset-4 hover:underline">
            Show the map as a list
          </summary>
          <ul aria-label="Pins on the map" className="mt-2 grid gap-1">
            {pins.map((pin) => (
              <li key={pin.id} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border-2"
                  style={{ borderColor: brandColour(pin.brand) }}
                />
                <span>{reachLabel(pin)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
