import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type WalletPinFormValues, walletPinFormSchema } from '@shared/schema/wallet-pin';
import { WalletPinField } from '@/components/forms/wallet-pin-field';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useSetWalletPin } from '../api/set-wallet-pin';

type SetWalletPinDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A PIN is set already: this replaces it. */
  changing: boolean;
};

/**
 * Setting (or changing) the wallet PIN: typed twice, so a slip of the finger is caught here
 * rather than at the counter. The server asks 'Confirm it's you' first when the last proof is old.
 */
export function SetWalletPinDialog({ open, onOpenChange, changing }: SetWalletPinDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={changing ? 'Change your wallet PIN' : 'Set a wallet PIN'}
      description="6 digits that are not easy to guess: not one digit repeated, nor a run such as 123456."
      className="max-w-md"
    >
      <SetWalletPinForm changing={changing} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const EMPTY: WalletPinFormValues = { pin: '', confirmPin: '' };

function SetWalletPinForm({ changing, onDone }: { changing: boolean; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<WalletPinFormValues>({
    resolver: zodResolver(walletPinFormSchema),
    defaultValues: EMPTY,
  });
  const save = useSetWalletPin({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: changing ? 'Wallet PIN changed' : 'Wallet PIN set',
          description: 'Use Card will ask for it.',
        });
        onDone();
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'Could not save your PIN. Please try again.'));
        for (const [field, message] of serverFieldErrors(error, ['pin'] as const)) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      },
    },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit(({ pin }) => {
          setFailure(null);
          save.mutate({ pin });
        })}
      >
        <WalletPinField control={form.control} name="pin" label="New PIN" autoFocus />
        <WalletPinField control={form.control} name="confirmPin" label="Confirm new PIN" />
        <FormDialogFooter
          submitLabel="Save PIN"
          pendingLabel="Saving..."
          pending={save.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
