import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import {
  PAYMENT_SETTINGS_MESSAGES,
  type PayoutAccountInput,
  payoutAccountInputSchema,
} from '@shared/schema/payments';
import { useSavePayoutAccount } from '@/api/payments/save-payout-account';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';

type PayoutAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** An account is on file: this one replaces it. */
  replacing: boolean;
};

export function PayoutAccountDialog({ open, onOpenChange, replacing }: PayoutAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={replacing ? 'Change bank account' : 'Add bank account'}
      description="Confirm with the code from your authenticator app. We e-mail you whenever this changes."
      className="max-w-md"
    >
      <PayoutAccountForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FIELDS = ['holderName', 'routingNumber', 'accountNumber', 'code'] as const;

function PayoutAccountForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PayoutAccountInput, unknown, z.output<typeof payoutAccountInputSchema>>({
    resolver: zodResolver(payoutAccountInputSchema),
    defaultValues: { holderName: '', routingNumber: '', accountNumber: '', code: '' },
  });
  const save = useSavePayoutAccount({
    mutationConfig: {
      onSuccess: (account) => {
        toast({
          title: PAYMENT_SETTINGS_MESSAGES.payoutAccountSaved,
          description: `Withdrawals now go to the account ending ${account.accountLast4}.`,
        });
        onDone();
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, FIELDS);
        for (const [field, message] of fieldErrors) form.setError(field, { message });
        // A message beside its field says it; anything else shows above the buttons.
        if (fieldErrors.length === 0) setFailure(errorMessage(error, 'Failed to save'));
        // A code is used once: the next try needs the next one.
        form.setValue('code', '');
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values);
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <TextField
          control={form.control}
          name="holderName"
          label="Name on the account"
          autoComplete="name"
          maxLength={100}
          autoFocus
        />
        <TextField
          control={form.control}
          name="routingNumber"
          label="Routing number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
        />
        <TextField
          control={form.control}
          name="accountNumber"
          label="Account number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={30}
        />
        <OneTimeCodeField control={form.control} name="code" />
        <FormDialogFooter
          submitLabel="Save bank account"
          pendingLabel="Saving..."
          pending={save.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
