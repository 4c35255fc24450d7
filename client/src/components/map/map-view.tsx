import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { type MapProps } from './map-types';

// Leaflet, its stylesheet and the bundled basemap load only when a page shows a map.
const LeafletMap = lazy(() => import('./leaflet-map'));

type MapViewProps = MapProps & {
  /** The heading of the list of places beside the map. */
  listLabel?: string;
  /** Leave out the list when the page already lists the same places in full. */
  hideList?: boolean;
};

/**
 * A map with the same facts as a list: every marker and circle is a line of the list under it
 * (a button when a marker can be chosen), so keyboard and screen-reader users lose nothing.
 */
export function MapView({
  listLabel = 'Places on this map',
  hideList = false,
  ...props
}: MapViewProps) {
  const { markers = [], circles = [], onSelect, selectedId, className } = props;
  const hasPlaces = markers.length + circles.length > 0;
  return (
    <div className="grid gap-3">
      <Suspense
        fallback={
          <div role="status" aria-label="Loading map">
            <Skeleton className={cn('h-80 w-full rounded-lg', className)} />
          </div>
        }
      >
        <LeafletMap {...props} />
      </Suspense>
      {!hideList && hasPlaces && (
        <section aria-label={listLabel}>
          <h3 className="sr-only">{listLabel}</h3>
          <ul className="grid gap-1 text-sm">
            {markers.map((marker) => (
              <li key={`marker-${marker.id}`} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border border-background"
                  style={{ background: marker.colour }}
                />
                {onSelect ? (
                  <Button
                    type="button"
                    variant="link"
                    size="sm"
                    className="h-auto p-0 text-left whitespace-normal"
                    aria-pressed={marker.id === selectedId}
                    onClick={() => onSelect(marker.id)}
                  >
                    {marker.label}
                  </Button>
                ) : (
                  <span>{marker.label}</span>
                )}
              </li>
            ))}
            {circles.map((circle) => (
              <li key={`circle-${circle.id}`} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full border-2"
                  style={{ borderColor: circle.colour }}
                />
                <span>{circle.label}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
