/** A place on a map: a store, an offer, the consumer. */
export type MapMarker = {
  id: number;
  lat: number;
  lng: number;
  /** The marker's fill (a brand's colour). */
  colour: string;
  /** What the marker is, in words: its tooltip, and its line in the list beside the map. */
  label: string;
};

/** An area around a point: a pin's reach. */
export type MapCircle = {
  id: number;
  lat: number;
  lng: number;
  radiusMiles: number;
  colour: string;
  label: string;
};

export type Coordinates = { lat: number; lng: number };

export type MapProps = {
  /** The map's accessible name, e.g. 'Map of offers'. */
  label: string;
  markers?: MapMarker[];
  circles?: MapCircle[];
  /** The viewer's own position, drawn as 'You are here'. */
  userLocation?: Coordinates | null;
  selectedId?: number | null;
  /** A marker was clicked (or chosen from the list beside the map). */
  onSelect?: (id: number) => void;
  className?: string;
};

export const METRES_PER_MILE = 1609.344;

/** The lower 48 states: where the map opens when it has nothing to show. */
export const CONTIGUOUS_US_BOUNDS: [[number, number], [number, number]] = [
  [24.4, -125.0],
  [49.4, -66.9],
];

/**
 * The south-west and north-east corners holding every marker, circle and the viewer's position,
 * or null when there is nothing to show. A circle's box uses 69.05 miles per degree of latitude
 * and that times cos(latitude) per degree of longitude.
 */
export function boundsOf({
  markers = [],
  circles = [],
  userLocation,
}: Pick<MapProps, 'markers' | 'circles' | 'userLocation'>):
  [[number, number], [number, number]] | null {
  const points: Array<[number, number]> = markers.map((marker) => [marker.lat, marker.lng]);
  for (const circle of circles) {
    const latSpan = circle.radiusMiles / 69.05;
    const lngSpan = latSpan / Math.max(0.01, Math.cos((circle.lat * Math.PI) / 180));
    points.push(
      [circle.lat - latSpan, circle.lng - lngSpan],
      [circle.lat + latSpan, circle.lng + lngSpan],
    );
  }
  if (userLocation) points.push([userLocation.lat, userLocation.lng]);
  if (points.length === 0) return null;
  const lats = points.map(([lat]) => lat);
  const lngs = points.map(([, lng]) => lng);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
