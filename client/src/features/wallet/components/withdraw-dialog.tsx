import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { centsToDollars } from '@shared/money';
import { withdrawSchema } from '@shared/schema/ledger';
import { PAYMENT_SETTINGS_MESSAGES } from '@shared/schema/payments';
import { usePayoutAccount } from '@/api/payments/get-payout-account';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';
import { paths } from '@/lib/paths';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useWithdraw } from '../api/withdraw';
import { AmountField } from '@/components/wallet/amount-field';
import { TestModeNotice } from '@/components/wallet/test-mode-notice';

type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  balance: number;
};

export function WithdrawDialog({ open, onOpenChange, balance }: WithdrawDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Withdraw"
      description={`Move money from your wallet to your bank account. Available: ${formatUsd(balance)}`}
    >
      <WithdrawForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type WithdrawFormValues = { amount: string };

/** What stops a withdrawal until the business acts elsewhere: the words and where to act. */
type Blocker = { message: string; href: string; label: string };

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  // Withdrawing takes two-factor (the server's words, with the way to Settings) and a bank
  // account on file (with the way to Payment Settings).
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  const payoutAccount = usePayoutAccount();
  const idempotency = useIdempotencyKey();
  const form = useForm<WithdrawFormValues, unknown, { amount: number }>({
    resolver: numberFieldsResolver<WithdrawFormValues, typeof withdrawSchema>(withdrawSchema, [
      'amount',
    ]),
    defaultValues: { amount: '' },
  });
  const noAccount = payoutAccount.isSuccess && payoutAccount.data === null;
  const shownBlocker: Blocker | null = noAccount
    ? {
        message: PAYMENT_SETTINGS_MESSAGES.noPayoutAccount,
        href: paths.paymentSettings,
        label: 'Open Payment Settings',
      }
    : blocker;

  const withdraw = useWithdraw({
    mutationConfig: {
      onSuccess: (_result, request) => {
        idempotency.reset();
        toast({
          title: 'Withdrawal complete',
          description: `${formatUsd(request.amount)} was withdrawn from your wallet.`,
        });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to withdraw');
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
          setBlocker({ message, href: `${paths.settings}#two-factor`, label: 'Go to Settings' });
          return;
        }
        if (error instanceof ApiError && message === PAYMENT_SETTINGS_MESSAGES.noPayoutAccount) {
          // Removed since the dialog opened: ask again what is on file.
          void payoutAccount.refetch();
          setBlocker({ message, href: paths.paymentSettings, label: 'Open Payment Settings' });
          return;
        }
        setFailure(message);
        toast({ variant: 'destructive', title: 'Withdrawal failed', description: message });
        for (const [field, fieldMessage] of serverFieldErrors(error, ['amount'])) {
          form.setError(field, { message: fieldMessage });
        }
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setBlocker(null);
    const request = { amount: centsToDollars(values.amount) };
    withdraw.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TestModeNotice>
          <p>The payout is simulated; no real money moves.</p>
        </TestModeNotice>
        <PayoutDestination state={payoutAccount} />
        <AmountField control={form.control} name="amount" />
        {shownBlocker && (
          <Alert variant="destructive">
            <AlertDescription>
              {shownBlocker.message}{' '}
              <Link href={shownBlocker.href} className="font-medium underline">
                {shownBlocker.label}
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <FormDialogFooter
          submitLabel="Withdraw"
          pendingLabel="Withdrawing..."
          pending={withdraw.isPending}
          disabled={noAccount}
          failure={failure}
        />
      </form>
    </Form>
  );
}

/** Where the money goes: the account on file, by its last four digits. */
function PayoutDestination({ state }: { state: ReturnType<typeof usePayoutAccount> }) {
  if (state.isPending) {
    return (
      <div role="status" aria-label="Loading your bank account">
        <Skeleton className="h-5 w-56" />
      </div>
    );
  }
  // Unknown (it failed to load): the server still checks, and says so if there is none.
  if (!state.data) return null;
  return (
    <p className="text-sm">
      To account ending <span className="font-mono">{state.data.accountLast4}</span>
      <span className="text-muted-foreground"> ({state.data.holderName})</span>
    </p>
  );
}
