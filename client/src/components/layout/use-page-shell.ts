import { useEffect, useState } from 'react';
import { type PageShell as PageShellComponent } from './page-shell';

type PageShell = typeof PageShellComponent;

// The signed-in frame (navigation, unread badges, the live notification stream) is code a guest
// never runs, so it is not in the first download: it loads when a page needs it, then stays.
let loadedShell: PageShell | null = null;

function loadPageShell(): Promise<PageShell> {
  return import('./page-shell').then((module) => (loadedShell = module.PageShell));
}

/**
 * The page shell once its code is here, else null. Loading starts when `wanted` is true; once
 * loaded, every later page has it at once. A failed load (offline) is tried again when a page
 * mounts or the session changes.
 */
export function usePageShell(wanted: boolean): PageShell | null {
  const [shell, setShell] = useState<PageShell | null>(() => loadedShell);

  useEffect(() => {
    if (shell || !wanted) return;
    let live = true;
    loadPageShell().then(
      (loaded) => {
        if (live) setShell(() => loaded);
      },
      () => {
        // Offline: the page stays on its fallback (a spinner, or the guest frame).
      },
    );
    return () => {
      live = false;
    };
  }, [shell, wanted]);

  return shell;
}
