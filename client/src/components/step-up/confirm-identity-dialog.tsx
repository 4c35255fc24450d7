import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type ConfirmIdentityInput, confirmIdentitySchema } from '@shared/schema/two-factor';
import { useConfirmIdentity } from '@/api/confirm-identity';
import { useTwoFactorStatus } from '@/api/get-two-factor-status';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';

type ConfirmIdentityDialogProps = {
  onConfirmed: () => void;
  onCancel: () => void;
};

type Proof = 'password' | 'code';

/**
 * 'Confirm it's you': the password, or an authentication code when two-factor is on, before the
 * action that asked for it (value leaving the account, the sign-in details changing) goes ahead.
 */
export function ConfirmIdentityDialog({ onConfirmed, onCancel }: ConfirmIdentityDialogProps) {
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Confirm it's you"
      // How long a confirmation lasts is the server's setting: the time is not promised here.
      description="This needs a fresh check that it's you. You won't be asked again for a while."
      className="max-w-md"
    >
      <ConfirmIdentityForm onConfirmed={onConfirmed} />
    </FormDialog>
  );
}

function ConfirmIdentityForm({ onConfirmed }: { onConfirmed: () => void }) {
  const twoFactor = useTwoFactorStatus();
  const [proof, setProof] = useState<Proof>('password');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConfirmIdentityInput>({
    resolver: zodResolver(confirmIdentitySchema),
    defaultValues: { password: '' },
  });
  const confirm = useConfirmIdentity({
    mutationConfig: {
      onSuccess: onConfirmed,
      onError: (error) => {
        setFailure(errorMessage(error, 'Could not confirm. Please try again.'));
        for (const [field, message] of serverFieldErrors(error, ['password', 'code'] as const)) {
          form.setError(field, { message });
        }
      },
    },
  });

  const switchTo = (next: Proof) => {
    setFailure(null);
    setProof(next);
    form.reset(next === 'password' ? { password: '' } : { code: '' });
  };

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          confirm.mutate(values);
        })}
      >
        {proof === 'password' ? (
          <CurrentPasswordField key="password" control={form.control} name="password" autoFocus />
        ) : (
          <OneTimeCodeField key="code" control={form.control} name="code" autoFocus />
        )}
        {twoFactor.data?.enabled && (
          <Button
            type="button"
            variant="link"
            className="h-auto justify-self-start p-0"
            onClick={() => switchTo(proof === 'password' ? 'code' : 'password')}
          >
            {proof === 'password'
              ? 'Use an authentication code instead'
              : 'Use your password instead'}
          </Button>
        )}
        <FormDialogFooter
          submitLabel="Confirm"
          pendingLabel="Confirming..."
          pending={confirm.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
