import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGeolocation } from '../use-geolocation';

type Answer = {
  success: PositionCallback;
  failure: PositionErrorCallback;
  options?: PositionOptions;
};

/** Installs a navigator.geolocation (jsdom has none) and records each request to answer later. */
function installGeolocation() {
  const calls: Answer[] = [];
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (
        success: PositionCallback,
        failure: PositionErrorCallback,
        options?: PositionOptions,
      ) => calls.push({ success, failure, options }),
      watchPosition: vi.fn(),
      clearWatch: vi.fn(),
    },
  });
  return calls;
}

/** Installs a Permissions API (jsdom has none) answering `state` for geolocation. */
function installPermissions(state: PermissionState | Error) {
  const query = vi.fn(() =>
    state instanceof Error ? Promise.reject(state) : Promise.resolve({ state } as PermissionStatus),
  );
  Object.defineProperty(navigator, 'permissions', { configurable: true, value: { query } });
  return query;
}

const seattle = {
  coords: { latitude: 47.6097, longitude: -122.3422, accuracy: 20 },
  timestamp: 0,
} as GeolocationPosition;

const failure = (code: number) => ({ code, message: 'no position' }) as GeolocationPositionError;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  Reflect.deleteProperty(navigator, 'permissions');
  vi.useRealTimers();
});

describe('useGeolocation', () => {
  it('is unavailable at once where the browser has no geolocation', () => {
    const { result } = renderHook(() => useGeolocation());
    expect(result.current).toMatchObject({ status: 'unavailable', supported: false });
  });

  it('asks nothing on mount; one request asks once, with a 10 s timeout and a 5-minute-old position allowed', () => {
    const calls = installGeolocation();
    const { result, rerender } = renderHook(() => useGeolocation());

    expect(result.current).toMatchObject({ status: 'idle', supported: true });
    rerender();
    expect(calls).toHaveLength(0);

    act(() => result.current.request());
    expect(result.current.status).toBe('pending');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.options).toEqual({ timeout: 10_000, maximumAge: 300_000 });

    act(() => calls[0]!.success(seattle));
    expect(result.current).toMatchObject({
      status: 'granted',
      coords: { lat: 47.6097, lng: -122.3422 },
    });
  });

  it('is denied when the visitor refuses, unavailable when the position cannot be found', () => {
    const calls = installGeolocation();
    const denied = renderHook(() => useGeolocation());
    act(() => denied.result.current.request());
    act(() => calls[0]!.failure(failure(1)));
    expect(denied.result.current.status).toBe('denied');

    const timedOut = renderHook(() => useGeolocation());
    act(() => timedOut.result.current.request());
    act(() => calls[1]!.failure(failure(3)));
    expect(timedOut.result.current.status).toBe('unavailable');

    // Asking again (after allowing it in the browser) can still succeed.
    act(() => denied.result.current.request());
    act(() => calls[2]!.success(seattle));
    expect(denied.result.current.status).toBe('granted');
  });

  it('reads the position on load, without a click, where the site is already allowed', async () => {
    const calls = installGeolocation();
    const query = installPermissions('granted');
    const { result } = renderHook(() => useGeolocation());

    expect(result.current.status).toBe('checking');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(query).toHaveBeenCalledWith({ name: 'geolocation' });
    act(() => calls[0]!.success(seattle));
    expect(result.current.status).toBe('granted');
  });

  it.each(['prompt', 'denied', new Error('not supported')] as const)(
    'waits for the click when the Permissions API answers %s',
    async (state) => {
      const calls = installGeolocation();
      installPermissions(state);
      const { result } = renderHook(() => useGeolocation());

      await waitFor(() => expect(result.current.status).toBe('idle'));
      expect(calls).toHaveLength(0);
    },
  );

  it('stops waiting for a prompt nobody answers after 10 s, and still takes a late answer', () => {
    vi.useFakeTimers();
    const calls = installGeolocation();
    const { result } = renderHook(() => useGeolocation());
    act(() => result.current.request());

    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.status).toBe('pending');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.status).toBe('unavailable');

    act(() => calls[0]!.success(seattle));
    expect(result.current.status).toBe('granted');
  });

  it('ignores an answer that arrives after unmounting', () => {
    const calls = installGeolocation();
    const { result, unmount } = renderHook(() => useGeolocation());
    act(() => result.current.request());
    unmount();

    act(() => calls[0]!.success(seattle));
    expect(result.current.status).toBe('pending');
  });
});
