import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TWO_FACTOR } from '@shared/constants';
import {
  type TwoFactorEnableInput,
  twoFactorEnableSchema,
  type TwoFactorSetupInput,
  type TwoFactorSetupResult,
  twoFactorSetupSchema,
} from '@shared/schema/two-factor';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { RecoveryCodesList } from './recovery-codes-list';

type EnableTwoFactorDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

type Step =
  | { name: 'password' }
  | { name: 'scan'; setup: TwoFactorSetupResult }
  | { name: 'codes'; recoveryCodes: string[] };

const TITLES: Record<Step['name'], string> = {
  password: 'Turn on two-factor authentication',
  scan: 'Scan the QR code',
  codes: 'Save your recovery codes',
};

/**
 * Turning two-factor on, in three steps: the password; the QR code (or the key to type) and the
 * first code from the app; the recovery codes, shown once.
 */
export function EnableTwoFactorDialog({ open, onOpenChange }: EnableTwoFactorDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const close = () => onOpenChange(false);
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setStep({ name: 'password' });
      }}
      title={TITLES[step.name]}
      className="max-w-lg"
    >
      {step.name === 'password' && (
        <PasswordStep onSetup={(setup) => setStep({ name: 'scan', setup })} />
      )}
      {step.name === 'scan' && (
        <ScanStep
          setup={step.setup}
          onEnabled={(recoveryCodes) => setStep({ name: 'codes', recoveryCodes })}
        />
      )}
      {step.name === 'codes' && (
        <div className="grid gap-4">
          <RecoveryCodesList codes={step.recoveryCodes} />
          <DialogFooter>
            <Button type="button" onClick={close}>
              I have saved my codes
            </Button>
          </DialogFooter>
        </div>
      )}
    </FormDialog>
  );
}

function PasswordStep({ onSetup }: { onSetup: (setup: TwoFactorSetupResult) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TwoFactorSetupInput>({
    resolver: zodResolver(twoFactorSetupSchema),
    defaultValues: { password: '' },
  });
  const setup = useSetupTwoFactor({
    mutationConfig: {
      onSuccess: onSetup,
      onError: (error) => {
        setFailure(errorMessage(error, 'Could not start. Please try again.'));
        for (const [field, message] of serverFieldErrors(error, ['password'] as const)) {
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
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          setup.mutate(values);
        })}
      >
        <p className="text-sm text-muted-foreground">
          You will need an authenticator app on your phone, such as Google Authenticator, Microsoft
          Authenticator or 1Password. First, confirm your password.
        </p>
        <CurrentPasswordField control={form.control} name="password" />
        <FormDialogFooter
          submitLabel="Continue"
          pendingLabel="Checking..."
          pending={setup.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}

/** The key as apps show it: groups of four, easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ScanStep({
  setup,
  onEnabled,
}: {
  setup: TwoFactorSetupResult;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const keyLabel = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TwoFactorEnableInput>({
    resolver: zodResolver(twoFactorEnableSchema),
    defaultValues: { code: '' },
  });
  const enable = useEnableTwoFactor({
    mutationConfig: {
      onSuccess: ({ recoveryCodes }) => {
        toast({ title: 'Two-factor authentication is on' });
        onEnabled(recoveryCodes);
      },
      onError: (error) => {
        setFailure(errorMessage(error, 'Could not turn it on. Please try again.'));
        for (const [field, message] of serverFieldErrors(error, ['code'] as const)) {
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
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          enable.mutate(values);
        })}
      >
        <p className="text-sm text-muted-foreground">
          Scan this QR code with your authenticator app, then enter the {TWO_FACTOR.codeDigits}
          -digit code it shows.
        </p>
        <img
          src={setup.qrCode}
          alt="QR code to add mark.it to your authenticator app"
          width={192}
          height={192}
          className="size-48 justify-self-center rounded-md border bg-white"
        />
        <div className="grid gap-1">
          <p id={keyLabel} className="text-sm font-medium">
            Can&apos;t scan it? Enter this setup key
          </p>
          <code
            aria-labelledby={keyLabel}
            className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all select-all"
          >
            {grouped(setup.secret)}
          </code>
          <a href={setup.uri} className="text-sm text-primary underline sm:hidden">
            Open in an authenticator app on this phone
          </a>
        </div>
        <OneTimeCodeField control={form.control} name="code" />
        <FormDialogFooter
          submitLabel="Turn on"
          pendingLabel="Turning on..."
          pending={enable.isPending}
          failure={failure}
        />
      </form>
    </Form>
  );
}
