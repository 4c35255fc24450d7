import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { centsToDollars } from '@shared/money';
import { withdrawSchema } from '@shared/schema/ledger';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';
import { paths } from '@/lib/paths';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useWithdraw } from '../api/withdraw';
import { AmountField } from './amount-field';
import { TestModeNotice } from './test-mode-notice';

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
      description={`Move money from your wallet. Available: ${formatUsd(balance)}`}
    >
      <WithdrawForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type WithdrawFormValues = { amount: string };

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  // Withdrawing takes two-factor: the server's words, with the way to Settings.
  const [needsTwoFactor, setNeedsTwoFactor] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const form = useForm<WithdrawFormValues, unknown, { amount: number }>({
    resolver: numberFieldsResolver<WithdrawFormValues, typeof withdrawSchema>(withdrawSchema, [
      'amount',
    ]),
    defaultValues: { amount: '' },
  });

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
          setNeedsTwoFactor(message);
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
    setNeedsTwoFactor(null);
    const request = { amount: centsToDollars(values.amount) };
    withdraw.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TestModeNotice>
          <p>The payout is simulated; no real money moves.</p>
        </TestModeNotice>
        <AmountField control={form.control} name="amount" />
        {needsTwoFactor && (
          <Alert variant="destructive">
            <AlertDescription>
              {needsTwoFactor}{' '}
              <Link href={`${paths.settings}#two-factor`} className="font-medium underline">
                Go to Settings
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <FormDialogFooter
          submitLabel="Withdraw"
          pendingLabel="Withdrawing..."
          pending={withdraw.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
