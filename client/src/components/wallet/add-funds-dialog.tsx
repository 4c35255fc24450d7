import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { centsToDollars } from '@shared/money';
import { addFundsSchema } from '@shared/schema/ledger';
import { type CardDetailsInput, type SavedCard } from '@shared/schema/payments';
import { useSavedCards } from '@/api/payments/get-saved-cards';
import {
  initialPayment,
  NEW_CARD,
  PaymentMethodFields,
  refinePaymentFields,
  usePaymentSource,
} from '@/components/payments/payment-method-fields';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useAddFunds } from '@/api/add-funds';
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

/** The saved cards decide which card is chosen first, so the form waits for them. */
function AddFundsForm({ onDone }: { onDone: () => void }) {
  const savedCards = useSavedCards();
  if (savedCards.isPending) {
    return (
      <div role="status" aria-label="Loading your saved cards" className="grid gap-4">
        <Skeleton className="h-16" />
        <Skeleton className="h-28" />
        <Skeleton className="ml-auto h-9 w-40" />
      </div>
    );
  }
  // Without the saved cards (they failed to load), a new card still pays.
  return <AddFundsFields savedCards={savedCards.data ?? []} onDone={onDone} />;
}

// The amount as the API checks it; the card only when a new card pays (its own schema).
const addFundsFormSchema = z
  .object({
    amount: addFundsSchema.shape.amount,
    paymentMethod: z.string(),
    card: z.object({ number: z.string(), expiry: z.string(), cvc: z.string() }),
  })
  .superRefine(refinePaymentFields);

type AddFundsFormValues = { amount: string; paymentMethod: string; card: CardDetailsInput };

const FAILED = 'Failed to add funds';

function AddFundsFields({
  savedCards,
  onDone,
}: {
  savedCards: readonly SavedCard[];
  onDone: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const idempotency = useIdempotencyKey();
  const form = useForm<AddFundsFormValues, unknown, z.output<typeof addFundsFormSchema>>({
    resolver: numberFieldsResolver<AddFundsFormValues, typeof addFundsFormSchema>(
      addFundsFormSchema,
      ['amount'],
    ),
    defaultValues: { amount: '', ...initialPayment(savedCards) },
  });
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const payment = usePaymentSource();
  const addFunds = useAddFunds();
  const pending = payment.isPending || addFunds.isPending;

  const fail = (error: unknown) => {
    const message = errorMessage(error, FAILED);
    setFailure(message);
    toast({ variant: 'destructive', title: 'Payment failed', description: message });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let paidWith;
    try {
      paidWith = await payment.resolve(values, form.setError);
    } catch (error) {
      fail(error);
      return;
    }
    // The card's own details were refused: the messages are beside its fields.
    if (!paidWith) return;
    const { fingerprint, ...source } = paidWith;
    // The schema gives cents; the API speaks dollars.
    const amount = centsToDollars(values.amount);
    try {
      // One key per amount and card: a retry charges once; another card is a new payment.
      const idempotencyKey = idempotency.keyFor({ amount, fingerprint });
      const body = idempotency.bodyFor({ amount, ...source });
      await addFunds.mutateAsync({ ...body, idempotencyKey });
      idempotency.reset();
      toast({
        title: 'Funds added',
        description: `${formatUsd(amount)} was added to your wallet.`,
      });
      onDone();
    } catch (error) {
      // A refusal (a declined card) is final, so the next attempt is a new payment; an answer
      // that never came may have been a success, so its retry keeps the key.
      const status = error instanceof ApiError ? error.status : 0;
      if (status >= 400 && status < 500) idempotency.reset();
      fail(error);
      for (const [field, message] of serverFieldErrors(error, ['amount'])) {
        form.setError(field, { message });
      }
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <AmountField control={form.control} name="amount" />
        <PaymentMethodFields control={form.control} savedCards={savedCards} />
        {/* A new card's fields say it themselves. */}
        {method !== NEW_CARD && (
          <TestModeNotice>
            <p>No real card is charged.</p>
          </TestModeNotice>
        )}
        <FormDialogFooter
          submitLabel="Add Funds"
          pendingLabel="Adding..."
          pending={pending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
