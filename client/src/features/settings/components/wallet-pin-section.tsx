import { useState } from 'react';
import { useUser } from '@/api/get-user';
import { useWalletPinStatus } from '@/api/get-wallet-pin-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useRemoveWalletPin } from '../api/remove-wallet-pin';
import { SettingsSection } from './settings-section';
import { SetWalletPinDialog } from './set-wallet-pin-dialog';

/**
 * 'Wallet PIN': six digits that Use Card asks for instead of the password. Only a consumer has
 * this section: consumers hold the gift cards.
 */
export function WalletPinSection() {
  const { data: user } = useUser();
  if (user?.type !== 'consumer') return null;
  return <WalletPinSettings />;
}

function WalletPinSettings() {
  const status = useWalletPinStatus();
  const [setting, setSetting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemoveWalletPin({
    mutationConfig: {
      onSuccess: () => {
        setRemoving(false);
        toast({
          title: 'Wallet PIN removed',
          description: 'Use Card will ask for your password instead.',
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to remove your wallet PIN',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });

  return (
    <SettingsSection
      id="wallet-pin"
      title="Wallet PIN"
      description="Use Card asks for these 6 digits, instead of your password, before it shows the code for the cashier."
    >
      {status.isPending ? (
        <div role="status" aria-label="Loading wallet PIN" className="grid gap-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-56" />
        </div>
      ) : status.isError ? (
        <ErrorAlert
          message={errorMessage(status.error, 'Could not load your wallet PIN.')}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : status.data.set ? (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {status.data.locked ? (
              <>
                <Badge variant="destructive">Locked</Badge>
                <span>
                  Too many wrong PINs. Confirm with your password to unlock it, or set a new one.
                </span>
              </>
            ) : (
              <>
                <Badge variant="success">On</Badge>
                <span>Use Card asks for your PIN.</span>
              </>
            )}
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setSetting(true)}>
              Change PIN
            </Button>
            <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
              Remove PIN
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="secondary">Off</Badge>
            <span>Use Card asks for your password.</span>
          </p>
          <div className="flex sm:justify-end">
            <Button type="button" className="w-full sm:w-auto" onClick={() => setSetting(true)}>
              Set a wallet PIN
            </Button>
          </div>
        </div>
      )}
      <SetWalletPinDialog
        open={setting}
        onOpenChange={setSetting}
        changing={status.data?.set ?? false}
      />
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove your wallet PIN?"
        description="Use Card will ask for your password (or an authentication code) instead."
        confirmLabel="Remove PIN"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </SettingsSection>
  );
}
