import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import {
  Circle,
  CircleMarker,
  GeoJSON,
  MapContainer,
  Marker,
  TileLayer,
  Tooltip,
  useMap,
} from 'react-leaflet';
import { useMapConfig } from '@/api/get-map-config';
import { cn } from '@/lib/utils';
import {
  boundsOf,
  CONTIGUOUS_US_BOUNDS,
  type MapMarker,
  type MapProps,
  METRES_PER_MILE,
} from './map-types';
import { usLand, usStateBorders } from './us-basemap';

/** Close enough to read the streets around one store, far enough to see its neighbours. */
const MAX_FIT_ZOOM = 13;

const LAND_STYLE: L.PathOptions = {
  color: '#CBD5E1',
  weight: 1,
  fillColor: '#F8FAFC',
  fillOpacity: 1,
  interactive: false,
};
const BORDER_STYLE: L.PathOptions = {
  color: '#94A3B8',
  weight: 1,
  fill: false,
  interactive: false,
};
const YOU_ARE_HERE_COLOUR = '#2563EB';

/** A round pin in the marker's colour; the chosen one is larger and ringed. */
function markerIcon(marker: MapMarker, selected: boolean): L.DivIcon {
  const size = selected ? 26 : 18;
  return L.divIcon({
    className: 'markit-map-marker',
    html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:9999px;background:${marker.colour};border:${selected ? 4 : 2}px solid #ffffff;box-shadow:0 0 0 ${selected ? 2 : 1}px #0f172a"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/**
 * Fits the view to what the map shows whenever that changes (not when only the selection does),
 * and names the map for assistive technology: Leaflet's container takes focus for keyboard panning.
 */
function FitAndLabel({
  label,
  fitKey,
  bounds,
}: {
  label: string;
  fitKey: string;
  bounds: L.LatLngBoundsExpression;
}) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  useEffect(() => {
    map.fitBounds(bounds, { padding: [24, 24], maxZoom: MAX_FIT_ZOOM, animate: false });
    // The key says when the shown places changed; bounds is rebuilt on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fitKey]);
  return null;
}

/** Brings a marker chosen from the list into view when the viewer has panned it out of sight. */
function ShowSelected({ marker }: { marker: MapMarker | undefined }) {
  const map = useMap();
  const lat = marker?.lat;
  const lng = marker?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined) return;
    if (!map.getBounds().contains([lat, lng])) map.panTo([lat, lng], { animate: false });
  }, [map, lat, lng]);
  return null;
}

/**
 * The map itself, on Leaflet: the configured tiles with their attribution, or the bundled US
 * outline; markers in their colours, reach circles, and the viewer's position. Loaded lazily by
 * MapView, which also lists every place for keyboard and screen-reader users.
 */
export default function LeafletMap({
  label,
  markers = [],
  circles = [],
  userLocation,
  selectedId,
  onSelect,
  className,
}: MapProps) {
  const config = useMapConfig();
  const tileUrl = config.data?.tileUrl ?? null;
  const fitBounds = boundsOf({ markers, circles, userLocation }) ?? CONTIGUOUS_US_BOUNDS;
  const fitKey = JSON.stringify(fitBounds);
  const icons = useMemo(
    () =>
      new Map(markers.map((marker) => [marker.id, markerIcon(marker, marker.id === selectedId)])),
    [markers, selectedId],
  );

  return (
    <MapContainer
      className={cn('z-0 h-80 w-full rounded-lg border', className)}
      // Water: Leaflet's stylesheet would paint the container grey over a class.
      style={{ background: '#E0F2FE' }}
      bounds={fitBounds}
      boundsOptions={{ padding: [24, 24], maxZoom: MAX_FIT_ZOOM }}
      scrollWheelZoom={false}
      attributionControl={Boolean(tileUrl)}
    >
      <FitAndLabel label={label} fitKey={fitKey} bounds={fitBounds} />
      {tileUrl ? (
        <TileLayer url={tileUrl} attribution={config.data?.attribution ?? ''} />
      ) : (
        <>
          <GeoJSON data={usLand} style={LAND_STYLE} />
          <GeoJSON data={usStateBorders} style={BORDER_STYLE} />
        </>
      )}
      {circles.map((circle) => (
        <Circle
          key={circle.id}
          center={[circle.lat, circle.lng]}
          radius={circle.radiusMiles * METRES_PER_MILE}
          pathOptions={{
            color: circle.colour,
            weight: 2,
            fillColor: circle.colour,
            fillOpacity: 0.12,
          }}
        >
          <Tooltip>{circle.label}</Tooltip>
        </Circle>
      ))}
      {userLocation && (
        <CircleMarker
          center={[userLocation.lat, userLocation.lng]}
          radius={8}
          pathOptions={{
            color: '#ffffff',
            weight: 3,
            fillColor: YOU_ARE_HERE_COLOUR,
            fillOpacity: 1,
          }}
        >
          <Tooltip>You are here</Tooltip>
        </CircleMarker>
      )}
      <ShowSelected marker={markers.find((marker) => marker.id === selectedId)} />
      {markers.map((marker) => (
        <Marker
          // Leaflet reads the title only when it makes the marker: a new label makes a new one.
          key={`${marker.id}:${marker.label}`}
          position={[marker.lat, marker.lng]}
          // Names the marker where it is drawn: the tooltip shows only on hover.
          title={marker.label}
          icon={icons.get(marker.id) ?? markerIcon(marker, false)}
          // The list beside the map is the keyboard's way to these: a tab stop per marker would
          // bury the rest of the page behind a hundred of them.
          keyboard={false}
          zIndexOffset={marker.id === selectedId ? 1000 : 0}
          eventHandlers={onSelect ? { click: () => onSelect(marker.id) } : {}}
        >
          <Tooltip>{marker.label}</Tooltip>
        </Marker>
      ))}
    </MapContainer>
  );
}
