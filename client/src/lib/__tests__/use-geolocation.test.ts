import { act, renderHook } from '@testing-library/react';
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

const seattle = {
  coords: { latitude: 47.6097, longitude: -122.3422, accuracy: 20 },
  timestamp: 0,
} as GeolocationPosition;

const failure = (code: number) => ({ code, message: 'no position' }) as GeolocationPositionError;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.useRealTimers();
});

describe('useGeolocation', () => {
  it('is unavailable at once where the browser has no geolocation', () => {
    const { result } = renderHook(() => useGeolocation());
    expect(result.current).toEqual({ status: 'unavailable' });
  });

  it('asks once, with a 10 s timeout and a 5-minute-old position allowed, and reports it', () => {
    const calls = installGeolocation();
    const { result, rerender } = renderHook(() => useGeolocation());

    expect(result.current).toEqual({ status: 'pending' });
    rerender();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.options).toEqual({ timeout: 10_000, maximumAge: 300_000 });

    act(() => calls[0]!.success(seattle));
    expect(result.current).toEqual({
      status: 'granted',
      coords: { lat: 47.6097, lng: -122.3422 },
    });
  });

  it('is denied when the visitor refuses, unavailable when the position cannot be found', () => {
    const calls = installGeolocation();
    const denied = renderHook(() => useGeolocation());
    act(() => calls[0]!.failure(failure(1)));
    expect(denied.result.current).toEqual({ status: 'denied' });

    const timedOut = renderHook(() => useGeolocation());
    act(() => calls[1]!.failure(failure(3)));
    expect(timedOut.result.current).toEqual({ status: 'unavailable' });
  });

  it('stops waiting for a prompt nobody answers after 10 s, and still takes a late answer', () => {
    vi.useFakeTimers();
    const calls = installGeolocation();
    const { result } = renderHook(() => useGeolocation());

    act(() => vi.advanceTimersByTime(9_999));
    expect(result.current.status).toBe('pending');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ status: 'unavailable' });

    act(() => calls[0]!.success(seattle));
    expect(result.current.status).toBe('granted');
  });

  it('ignores an answer that arrives after unmounting', () => {
    const calls = installGeolocation();
    const { result, unmount } = renderHook(() => useGeolocation());
    unmount();

    act(() => calls[0]!.success(seattle));
    expect(result.current).toEqual({ status: 'pending' });
  });
});
