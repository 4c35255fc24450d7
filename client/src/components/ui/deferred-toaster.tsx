import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { useToast } from './use-toast';

const loadToaster = () => import('./toaster').then((module) => module.Toaster);

/**
 * The app's toaster, kept out of the first download: the pages a guest opens must stay within
 * their JavaScript budget (scripts/check-bundle-budget.mjs). No page shows a toast before someone
 * acts, so the Radix toast code loads when the browser is idle, or at once if a toast comes first;
 * the toast store keeps toasts until it is there. A failed load (offline) leaves toasts unshown
 * instead of breaking the page; the next change of the toasts tries again.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [idle, setIdle] = useState(false);
  const pending = toasts.length;

  useEffect(() => whenIdle(() => setIdle(true)), []);

  useEffect(() => {
    if (Toaster || (!idle && pending === 0)) return;
    let cancelled = false;
    loadToaster().then(
      (component) => {
        if (!cancelled) setToaster(() => component);
      },
      () => {
        // Offline: a change of `pending` tries again.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [Toaster, idle, pending]);

  return Toaster ? <Toaster /> : null;
}
