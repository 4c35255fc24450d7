import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { centsToDollars } from '@shared/money';
import { addFundsSchema } from '@shared/schema/ledger';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useAddFunds } from '../api/add-funds';
import { AmountField } from './amount-field';
import { TestModeNotice } from './test-mode-notice';

type AddFundsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function AddFundsDialog({ open, onOpenChange }: AddFundsDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Funds"
      description="Add money to your wallet to fund your pins."
    >
      <AddFundsForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type AddFundsFormValues = { amount: string; cardNumber: string };

function AddFundsForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const form = useForm<AddFundsFormValues, unknown, { amount: number; cardNumber: string }>({
    resolver: numberFieldsResolver<AddFundsFormValues, typeof addFundsSchema>(addFundsSchema, [
      'amount',
    ]),
    defaultValues: { amount: '', cardNumber: '' },
  });

  const addFunds = useAddFunds({
    mutationConfig: {
      onSuccess: (_result, request) => {
        idempotency.reset();
        toast({
          title: 'Funds added',
          description: `${formatUsd(request.amount)} was added to your wallet.`,
        });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to add funds');
        setFailure(message);
        toast({ variant: 'destructive', title: 'Payment failed', description: message });
        for (const [field, fieldMessage] of serverFieldErrors(error, ['amount', 'cardNumber'])) {
          form.setError(field, { message: fieldMessage });
        }
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    // The schema gives cents; the API speaks dollars.
    const request = { amount: centsToDollars(values.amount), cardNumber: values.cardNumber };
    addFunds.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TestModeNotice>
          <p>No real card is charged.</p>
          <p>
            Card <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span> succeeds;
            card <span className="font-mono whitespace-nowrap">4000 0000 0000 0002</span> is
            declined.
          </p>
        </TestModeNotice>
        <AmountField control={form.control} name="amount" />
        <TextField
          control={form.control}
          name="cardNumber"
          label="Card Number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <FormDialogFooter
          submitLabel="Add Funds"
          pendingLabel="Adding..."
          pending={addFunds.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
