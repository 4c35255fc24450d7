import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React is taking over a page the server rendered (and in the server's render), true
 * from then on and in any page rendered in the browser. A server-rendered page is on screen before
 * its code has run: a control that cannot act yet says so instead of swallowing a tap.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
