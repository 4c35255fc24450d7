import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PAYMENT_SETTINGS_MESSAGES, type PayoutAccount } from '@shared/schema/payments';
import { useTwoFactorStatus } from '@/api/get-two-factor-status';
import { usePayoutAccount } from '@/api/payments/get-payout-account';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { PaymentSettingsSection } from './payment-settings-section';
import { PayoutAccountDialog } from './payout-account-dialog';
import { RemovePayoutAccountDialog } from './remove-payout-account-dialog';

/**
 * Where a business's withdrawals go. Changing it takes two-factor and a current code: moving
 * payouts elsewhere is what someone with a stolen session would do first.
 */
export function PayoutAccountSection() {
  const account = usePayoutAccount();
  const twoFactor = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'edit' | 'remove' | null>(null);
  const pending = account.isPending || twoFactor.isPending;
  const canChange = twoFactor.data?.enabled === true;

  return (
    <PaymentSettingsSection
      id="payout-account"
      title="Payout bank account"
      description="Withdrawals from your wallet are paid to this account. Only its last four digits are kept."
    >
      {pending ? (
        <div role="status" aria-label="Loading your bank account" className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-9 w-48" />
        </div>
      ) : account.isError || twoFactor.isError ? (
        <ErrorAlert
          message="Failed to load your bank account."
          onRetry={() => {
            void account.refetch();
            void twoFactor.refetch();
          }}
          retrying={account.isRefetching || twoFactor.isRefetching}
        />
      ) : (
        <div className="grid gap-4">
          {account.data ? (
            <AccountOnFile account={account.data} />
          ) : (
            <p className="text-sm text-muted-foreground">
              No bank account on file. Add one to withdraw your funds.
            </p>
          )}
          {canChange ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setDialog('edit')}>
                {account.data ? 'Change bank account' : 'Add bank account'}
              </Button>
              {account.data && (
                <Button variant="ghost" onClick={() => setDialog('remove')}>
                  Remove bank account
                </Button>
              )}
            </div>
          ) : (
            <Alert>
              <AlertDescription>
                {PAYMENT_SETTINGS_MESSAGES.twoFactorRequired}{' '}
                <Link href={`${paths.settings}#two-factor`} className="font-medium underline">
                  Go to Settings
                </Link>
              </AlertDescription>
            </Alert>
          )}
        </div>
      )}
      <PayoutAccountDialog
        open={dialog === 'edit'}
        onOpenChange={(open) => setDialog(open ? 'edit' : null)}
        replacing={Boolean(account.data)}
      />
      <RemovePayoutAccountDialog
        open={dialog === 'remove'}
        onOpenChange={(open) => setDialog(open ? 'remove' : null)}
        account={account.data ?? null}
      />
    </PaymentSettingsSection>
  );
}

function AccountOnFile({ account }: { account: PayoutAccount }) {
  return (
    <div className="flex items-start gap-3 rounded-md border p-3">
      <Landmark className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Account holder</dt>
        <dd className="font-medium break-words">{account.holderName}</dd>
        <dt className="text-muted-foreground">Account</dt>
        <dd>
          ending <span className="font-mono">{account.accountLast4}</span>
        </dd>
        <dt className="text-muted-foreground">Routing number</dt>
        <dd>
          ending <span className="font-mono">{account.routingLast4}</span>
        </dd>
      </dl>
    </div>
  );
}
