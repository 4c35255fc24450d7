import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type TwoFactorChangeInput, twoFactorChangeSchema } from '@shared/schema/two-factor';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { RecoveryCodesList } from './recovery-codes-list';

export type TwoFactorChange = 'disable' | 'regenerate';

type ChangeTwoFactorDialogProps = {
  change: TwoFactorChange | null;
  onClose: () => void;
};

const COPY: Record<TwoFactorChange, { title: string; description: string }> = {
  disable: {
    title: 'Turn off two-factor authentication',
    description:
      'Signing in will ask for your password only. A business cannot withdraw without it.',
  },
  regenerate: {
    title: 'Get new recovery codes',
    description: 'Your current recovery codes stop working.',
  },
};

/** Turning two-factor off, or new recovery codes: both take the password and a code. */
export function ChangeTwoFactorDialog({ change, onClose }: ChangeTwoFactorDialogProps) {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const copy = change ? COPY[change] : COPY.disable;
  return (
    <FormDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) {
          setRecoveryCodes(null);
          onClose();
        }
      }}
      title={recoveryCodes ? 'Save your recovery codes' : copy.title}
      description={recoveryCodes ? undefined : copy.description}
      className="max-w-lg"
    >
      {recoveryCodes ? (
        <div className="grid gap-4">
          <RecoveryCodesList codes={recoveryCodes} />
          <DialogFooter>
            <Button
              type="button"
              onClick={() => {
                setRecoveryCodes(null);
                onClose();
              }}
            >
              I have saved my codes
            </Button>
          </DialogFooter>
        </div>
      ) : (
        change && <ChangeForm change={change} onDisabled={onClose} onCodes={setRecoveryCodes} />
      )}
    </FormDialog>
  );
}

type ChangeFormProps = {
  change: TwoFactorChange;
  onDisabled: () => void;
  onCodes: (codes: string[]) => void;
};

const FIELDS = ['password', 'code', 'recoveryCode'] as const;

function ChangeForm({ change, onDisabled, onCodes }: ChangeFormProps) {
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TwoFactorChangeInput>({
    resolver: zodResolver(twoFactorChangeSchema),
    defaultValues: { password: '', code: '' },
  });
  const onError = (error: Error) => {
    setFailure(errorMessage(error, 'Please try again.'));
    for (const [field, message] of serverFieldErrors(error, FIELDS)) {
      form.setError(field, { message });
    }
  };
  const disable = useDisableTwoFactor({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Two-factor authentication is off' });
        onDisabled();
      },
      onError,
    },
  });
  const regenerate = useRegenerateRecoveryCodes({
    mutationConfig: { onSuccess: ({ recoveryCodes }) => onCodes(recoveryCodes), onError },
  });
  const pending = disable.isPending || regenerate.isPending;

  const toggle = () => {
    const password = form.getValues('password');
    setFailure(null);
    form.reset(useRecoveryCode ? { password, code: '' } : { password, recoveryCode: '' });
    setUseRecoveryCode(!useRecoveryCode);
  };

  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          (change === 'disable' ? disable : regenerate).mutate(values);
        })}
      >
        <CurrentPasswordField control={form.control} name="password" />
        {useRecoveryCode ? (
          <TextField
            key="recoveryCode"
            control={form.control}
            name="recoveryCode"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
          />
        ) : (
          <OneTimeCodeField key="code" control={form.control} name="code" />
        )}
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0"
          onClick={toggle}
        >
          {useRecoveryCode ? 'Use an authentication code instead' : 'Use a recovery code instead'}
        </Button>
        <FormDialogFooter
          submitLabel={change === 'disable' ? 'Turn off' : 'Get new codes'}
          pendingLabel={change === 'disable' ? 'Turning off...' : 'Making codes...'}
          pending={pending}
          submitVariant={change === 'disable' ? 'destructive' : 'default'}
          failure={failure}
        />
      </form>
    </Form>
  );
}
