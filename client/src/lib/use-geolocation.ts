import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * - `checking`: asking the Permissions API whether the site may already read the position (and,
 *   when it may, finding it) — brief, and no prompt appears.
 * - `idle`: nobody has asked yet; the visitor may click to share the position.
 * - `pending`: the visitor asked; the browser is prompting or finding the position.
 * - `granted`: the position is known.
 * - `denied`: the visitor (or the browser's settings) refused.
 * - `unavailable`: no geolocation here, or the position could not be found in time.
 */
export type GeolocationStatus =
  'checking' | 'idle' | 'pending' | 'granted' | 'denied' | 'unavailable';

export type Coordinates = { lat: number; lng: number };

export type GeolocationState = {
  status: GeolocationStatus;
  coords?: Coordinates;
  /** Whether this browser has geolocation at all (asking again can help only then). */
  supported: boolean;
  /** Asks the browser for the position: call it from a click, never on load. */
  request: () => void;
};

/** How long the browser may take to find the position once it has permission. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;
/** A position found in the last five minutes is good enough to show offers nearby. */
export const GEOLOCATION_MAXIMUM_AGE_MS = 5 * 60 * 1000;

/** GeolocationPositionError.PERMISSION_DENIED, spelled out: that class is missing where geolocation is. */
const PERMISSION_DENIED = 1;

type Status = Pick<GeolocationState, 'status' | 'coords'>;

function geolocationApi(): Geolocation | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.geolocation;
}

function permissionsApi(): Permissions | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.permissions;
}

/**
 * The browser's position, asked for only when the visitor clicks (`request`): a prompt on load
 * is one most people refuse, and then the site cannot ask again. Where the Permissions API says
 * the site is already allowed, the position is read on load, since no prompt appears.
 */
export function useGeolocation(): GeolocationState {
  const supported = Boolean(geolocationApi());
  const [state, setState] = useState<Status>(() => ({
    status: !supported ? 'unavailable' : permissionsApi()?.query ? 'checking' : 'idle',
  }));
  const active = useRef(true);
  // A click while the Permissions API is still answering wins over reading the position on load.
  const requested = useRef(false);
  const fallback = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const find = useCallback((finding: 'checking' | 'pending') => {
    const geolocation = geolocationApi();
    if (!geolocation) return;
    clearTimeout(fallback.current);
    setState({ status: finding });

    // The browser's own timeout starts only once permission is given: a prompt the visitor never
    // answers would leave the page waiting forever, so stop waiting after the same time. A late
    // answer still arrives and replaces this.
    fallback.current = setTimeout(() => {
      if (active.current) {
        setState((current) => (current.status === finding ? { status: 'unavailable' } : current));
      }
    }, GEOLOCATION_TIMEOUT_MS);

    geolocation.getCurrentPosition(
      (position) => {
        if (!active.current) return;
        clearTimeout(fallback.current);
        setState({
          status: 'granted',
          coords: { lat: position.coords.latitude, lng: position.coords.longitude },
        });
      },
      (error) => {
        if (!active.current) return;
        clearTimeout(fallback.current);
        setState({ status: error.code === PERMISSION_DENIED ? 'denied' : 'unavailable' });
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: GEOLOCATION_MAXIMUM_AGE_MS },
    );
  }, []);

  useEffect(() => {
    active.current = true;
    const permissions = permissionsApi();
    if (supported && permissions?.query) {
      permissions
        .query({ name: 'geolocation' })
        .then((permission) => {
          if (!active.current || requested.current) return;
          if (permission.state === 'granted') find('checking');
          else
            setState((current) => (current.status === 'checking' ? { status: 'idle' } : current));
        })
        // Some browsers cannot be asked about geolocation: then wait for the click.
        .catch(() => {
          if (active.current) {
            setState((current) => (current.status === 'checking' ? { status: 'idle' } : current));
          }
        });
    }
    return () => {
      active.current = false;
      clearTimeout(fallback.current);
    };
  }, [supported, find]);

  const request = useCallback(() => {
    requested.current = true;
    find('pending');
  }, [find]);

  return { ...state, supported, request };
}
