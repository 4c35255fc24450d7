import { useState } from 'react';
import { useTwoFactorStatus } from '@/api/get-two-factor-status';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { ChangeTwoFactorDialog, type TwoFactorChange } from './change-two-factor-dialog';
import { EnableTwoFactorDialog } from './enable-two-factor-dialog';
import { SettingsSection } from './settings-section';

/** Two-factor authentication: on or off, recovery codes, and turning it on or off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [enabling, setEnabling] = useState(false);
  const [change, setChange] = useState<TwoFactorChange | null>(null);

  return (
    <SettingsSection
      id="two-factor"
      title="Two-factor authentication"
      description="Signing in, and moving money, also ask for a code from an authenticator app on your phone. A business needs it to withdraw."
    >
      {status.isPending ? (
        <div role="status" aria-label="Loading two-factor authentication" className="grid gap-2">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-10 w-56" />
        </div>
      ) : status.isError ? (
        <ErrorAlert
          message={errorMessage(status.error, 'Could not load two-factor authentication.')}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : status.data.enabled ? (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="success">On</Badge>
            <span>
              {status.data.recoveryCodesLeft}{' '}
              {status.data.recoveryCodesLeft === 1 ? 'recovery code' : 'recovery codes'} left.
            </span>
          </p>
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => setChange('regenerate')}>
              Get new recovery codes
            </Button>
            <Button type="button" variant="outline" onClick={() => setChange('disable')}>
              Turn off
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="secondary">Off</Badge>
            <span>Only your password protects your account.</span>
          </p>
          <div className="flex sm:justify-end">
            <Button type="button" className="w-full sm:w-auto" onClick={() => setEnabling(true)}>
              Turn on two-factor authentication
            </Button>
          </div>
        </div>
      )}
      <EnableTwoFactorDialog open={enabling} onOpenChange={setEnabling} />
      <ChangeTwoFactorDialog change={change} onClose={() => setChange(null)} />
    </SettingsSection>
  );
}
