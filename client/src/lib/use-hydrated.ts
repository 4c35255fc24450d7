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

/**
 * Whether a control is disabled: as asked, and also until React has taken over a page the server
 * rendered. Until then a button has no handler (a tap would do nothing and say nothing), and a
 * field would take typing that hydration then resets to the form's state. Every control of
 * components/ui reads this.
 */
export function useDisabledUntilHydrated(disabled?: boolean): boolean {
  const hydrated = useHydrated();
  return Boolean(disabled) || !hydrated;
}
