import { brandColour, brandDisplayName } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { MapView } from '@/components/map/map-view';
import { PIN_STATUS_LABELS } from './pin-status';

/** 'Starbucks · One Federal Bldg.': the store a pin is on. */
const storeLabel = (pin: BusinessPin) => `${brandDisplayName(pin.brand)} · ${pin.locationName}`;

/** The reach of a pin, with its status when it is not on offer. */
export function reachLabel(pin: BusinessPin): string {
  const label = `${storeLabel(pin)} — ${pin.radius}-mile reach`;
  return pin.status === 'active' ? label : `${label} (${PIN_STATUS_LABELS[pin.status]})`;
}

/**
 * The business's pins on a map: each store a marker in its brand's colour, and the circle its
 * pin reaches. The pin list beside it says the same in words, so the map's own list is left out.
 */
export function PinsMap({ pins }: { pins: BusinessPin[] }) {
  return (
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
  );
}
