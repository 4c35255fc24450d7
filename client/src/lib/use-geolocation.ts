import { useEffect, useState } from 'react';

export type GeolocationStatus = 'pending' | 'granted' | 'denied' | 'unavailable';

export type Coordinates = { lat: number; lng: number };

export type GeolocationState = { status: GeolocationStatus; coords?: Coordinates };

/** How long the browser may take to find the position once it has permission. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** A position found in the last five minutes is good enough to show offers nearby. */
export const GEOLOCATION_MAXIMUM_AGE_MS = 5 * 60 * 1000;

/** GeolocationPositionError.PERMISSION_DENIED, spelled out: that class is missing where geolocation is. */
const PERMISSION_DENIED = 1;

function geolocationApi(): Geolocation | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.geolocation;
}

/**
 * Asks the browser for the position once, on mount. `denied` when the visitor refused,
 * `unavailable` when the browser has no geolocation or could not find the position in time.
 */
export function useGeolocation(): GeolocationState {
  const [state, setState] = useState<GeolocationState>(() =>
    geolocationApi() ? { status: 'pending' } : { status: 'unavailable' },
  );

  useEffect(() => {
    const geolocation = geolocationApi();
    if (!geolocation) return;
    let active = true;

    // The browser's own timeout starts only once permission is given: a prompt the visitor never
    // answers would leave the page waiting forever, so stop waiting after the same time. A late
    // answer still arrives and replaces this.
    const fallback = setTimeout(() => {
      if (active) {
        setState((current) => (current.status === 'pending' ? { status: 'unavailable' } : current));
      }
    }, GEOLOCATION_TIMEOUT_MS);

    geolocation.getCurrentPosition(
      (position) => {
        if (!active) return;
        clearTimeout(fallback);
        setState({
          status: 'granted',
          coords: { lat: position.coords.latitude, lng: position.coords.longitude },
        });
      },
      (error) => {
        if (!active) return;
        clearTimeout(fallback);
        setState({ status: error.code === PERMISSION_DENIED ? 'denied' : 'unavailable' });
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAXIMUM_AGE_MS },
    );

    return () => {
      active = false;
      clearTimeout(fallback);
    };
  }, []);

  return state;
}
