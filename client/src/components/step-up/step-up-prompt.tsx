import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { setStepUpHandler } from '@/lib/api-client';

// The dialog (its form and the shared schema) loads only when a step-up is asked for.
const ConfirmIdentityDialog = lazy(() =>
  import('./confirm-identity-dialog').then((module) => ({
    default: module.ConfirmIdentityDialog,
  })),
);

/**
 * Answers the server's request for a fresh proof of identity before money moves, for every page:
 * the api client asks (its step-up handler), this opens 'Confirm it's you', and the client sends
 * the refused request again once the person confirmed. Requests refused meanwhile wait for the
 * same confirmation.
 */
export function StepUpPrompt() {
  const [open, setOpen] = useState(false);
  const pending = useRef<{ promise: Promise<boolean>; resolve: (confirmed: boolean) => void }>(
    null,
  );

  const ask = useCallback(() => {
    if (pending.current) return pending.current.promise;
    let resolve: (confirmed: boolean) => void = () => {};
    const promise = new Promise<boolean>((settle) => {
      resolve = settle;
    });
    pending.current = { promise, resolve };
    setOpen(true);
    return promise;
  }, []);

  useEffect(() => setStepUpHandler(ask), [ask]);

  const finish = (confirmed: boolean) => {
    pending.current?.resolve(confirmed);
    pending.current = null;
    setOpen(false);
  };

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmIdentityDialog onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
    </Suspense>
  );
}
