/**
 * Calls `callback` once the browser has nothing more urgent to do (or after `timeoutMs` at the
 * latest); returns the cancel. Code a page may need soon, but not for its first screen, loads
 * this way, after the page is up.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback.
  const handle = setTimeout(callback, Math.min(timeoutMs, 500));
  return () => clearTimeout(handle);
}
