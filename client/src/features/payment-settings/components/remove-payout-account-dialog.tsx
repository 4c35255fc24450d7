import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import {
  PAYMENT_SETTINGS_MESSAGES,
  type PayoutAccount,
  type RemovePayoutAccountInput,
  removePayoutAccountSchema,
} from '@shared/schema/payments';
import { useRemovePayoutAccount } from '@/api/payments/remove-payout-account';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';

type RemovePayoutAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: PayoutAccount | null;
};

export function RemovePayoutAccountDialog({
  open,
  onOpenChange,
  account,
}: RemovePayoutAccountDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Remove bank account"
      description={`Withdrawals stop until you add another account.${
        account ? ` The account ending ${account.accountLast4} is removed.` : ''
      } Confirm with the code from your authenticator app.`}
      className="max-w-md"
    >
      <RemoveForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function RemoveForm({ onDone }: { onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<
    RemovePayoutAccountInput,
    unknown,
    z.output<typeof removePayoutAccountSchema>
  >({
    resolver: zodResolver(removePayoutAccountSchema),
    defaultValues: { code: '' },
  });
  const remove = useRemovePayoutAccount({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: PAYMENT_SETTINGS_MESSAGES.payoutAccountRemoved });
        onDone();
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, ['code']);
        for (const [field, message] of fieldErrors) form.setError(field, { message });
        if (fieldErrors.length === 0) setFailure(errorMessage(error, 'Failed to remove'));
        form.setValue('code', '');
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    remove.mutate(values);
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <OneTimeCodeField control={form.control} name="code" autoFocus />
        <FormDialogFooter
          submitLabel="Remove"
          pendingLabel="Removing..."
          pending={remove.isPending}
          submitVariant="destructive"
          failure={failure}
        />
      </form>
    </Form>
  );
}
