import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { brandColour } from '@shared/constants';
import { createPinSchema } from '@shared/schema/pins';
import { MapView } from '@/components/map/map-view';
import { type MapCircle } from '@/components/map/map-types';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { type PinWizardValues } from '../pin-wizard-values';
import { useChosenStore } from './use-chosen-store';

const radiusRule = createPinSchema.shape.radius;

export const milesText = (miles: number) => `${miles} ${miles === 1 ? 'mile' : 'miles'}`;

/**
 * The chosen store on the map, in its brand's colour; with `showReach`, the circle the pin reaches,
 * following the radius as it is typed (a radius the API would refuse keeps the last good circle).
 */
export function PinPlaceMap({ showReach = false }: { showReach?: boolean }) {
  const { control } = useFormContext<PinWizardValues>();
  const [brand, radius] = useWatch({ control, name: ['brand', 'radius'] });
  const store = useChosenStore();
  const parsed = radiusRule.safeParse(parseNumberInput(radius));
  const [lastGoodRadius, setLastGoodRadius] = useState(parsed.success ? parsed.data : null);
  // Adjusting state while rendering: the circle keeps the last radius the API would accept.
  if (parsed.success && parsed.data !== lastGoodRadius) setLastGoodRadius(parsed.data);

  const coordinates = store?.details?.coordinates;
  if (!store || !coordinates || !Number.isFinite(coordinates.lat + coordinates.lng)) return null;

  const colour = brandColour(brand);
  const reach = parsed.success ? parsed.data : lastGoodRadius;
  const circles: MapCircle[] =
    showReach && reach !== null
      ? [
          {
            id: store.value,
            ...coordinates,
            radiusMiles: reach,
            colour,
            label: `Reach: ${milesText(reach)} around ${store.label}`,
          },
        ]
      : [];

  return (
    <MapView
      label={showReach ? "Map of the pin's reach" : 'Map of the chosen store'}
      listLabel={showReach ? "The pin's place and reach" : 'The chosen store'}
      markers={[{ id: store.value, ...coordinates, colour, label: store.label }]}
      circles={circles}
      className="h-56"
    />
  );
}
