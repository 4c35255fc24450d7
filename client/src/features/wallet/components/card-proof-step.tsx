import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { walletPinContracts } from '@shared/contracts/wallet-pin';
import { type ConfirmIdentityInput, confirmIdentitySchema } from '@shared/schema/two-factor';
import { WALLET_PIN_MESSAGES } from '@shared/schema/wallet-pin';
import { useConfirmIdentity } from '@/api/confirm-identity';
import { useTwoFactorStatus } from '@/api/get-two-factor-status';
import { useWalletPinStatus } from '@/api/get-wallet-pin-status';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { WalletPinField } from '@/components/forms/wallet-pin-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { invalidate } from '@/lib/query-client';

type Proof = 'pin' | 'password' | 'code';

const HEADINGS: Record<Proof, string> = {
  pin: 'Enter your wallet PIN',
  password: 'Enter your password',
  code: 'Enter an authentication code',
};

const EMPTY: Record<Proof, ConfirmIdentityInput> = {
  pin: { pin: '' },
  password: { password: '' },
  code: { code: '' },
};

type CardProofStepProps = {
  /** Runs once the proof was accepted; the step stays busy until it settles (the code loads). */
  onConfirmed: () => Promise<unknown>;
};

/**
 * Use Card's own 'confirm it's you' step, before the code for the cashier: the wallet PIN when
 * one is set (and not locked), else the password, or a code when two-factor is on.
 */
export function CardProofStep({ onConfirmed }: CardProofStepProps) {
  const pin = useWalletPinStatus();
  const twoFactor = useTwoFactorStatus();
  if (pin.isPending || twoFactor.isPending) {
    return (
      <div role="status" aria-label="Loading" className="grid gap-3">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  // Without an answer about the PIN (it failed to load), the password always works.
  const pinUsable = pin.data?.set === true && !pin.data.locked;
  return (
    <ProofForm
      pinUsable={pinUsable}
      pinLocked={pin.data?.locked === true}
      codeUsable={twoFactor.data?.enabled === true}
      onConfirmed={onConfirmed}
    />
  );
}

type ProofFormProps = CardProofStepProps & {
  pinUsable: boolean;
  pinLocked: boolean;
  codeUsable: boolean;
};

function ProofForm({ pinUsable, pinLocked, codeUsable, onConfirmed }: ProofFormProps) {
  const queryClient = useQueryClient();
  const [proof, setProof] = useState<Proof>(pinUsable ? 'pin' : 'password');
  const [notice, setNotice] = useState<string | null>(
    pinLocked ? WALLET_PIN_MESSAGES.locked : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ConfirmIdentityInput>({
    resolver: zodResolver(confirmIdentitySchema),
    defaultValues: EMPTY[proof],
  });

  const switchTo = (next: Proof) => {
    setFailure(null);
    setProof(next);
    form.reset(EMPTY[next]);
  };

  const confirm = useConfirmIdentity({
    mutationConfig: {
      onSuccess: () => onConfirmed(),
      onError: (error) => {
        const locked = error instanceof ApiError && error.code === 'WALLET_PIN_LOCKED';
        const fieldErrors = serverFieldErrors(error, ['pin', 'password', 'code'] as const);
        // Locked now (this try was the last, or others used them up): only the password is left.
        if (proof === 'pin' && (locked || pinNowLocked(error))) {
          void invalidate(queryClient, walletPinContracts.status);
          setNotice(WALLET_PIN_MESSAGES.locked);
          switchTo('password');
          return;
        }
        if (fieldErrors.length === 0) {
          setFailure(errorMessage(error, 'Could not confirm. Please try again.'));
        }
        for (const [field, message] of fieldErrors) {
          form.setError(field, { message }, { shouldFocus: true });
        }
        form.resetField(proof, { keepError: true, defaultValue: '' });
      },
    },
  });

  const others = (['pin', 'password', 'code'] as const).filter(
    (other) =>
      other !== proof && (other === 'password' || (other === 'pin' ? pinUsable : codeUsable)),
  );

  return (
    <Form {...form}>
      <form
        noValidate
        aria-labelledby="card-proof-heading"
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          confirm.mutate(values);
        })}
      >
        <div className="grid gap-1">
          <h3 id="card-proof-heading" className="text-base font-semibold">
            {HEADINGS[proof]}
          </h3>
          <p className="text-sm text-muted-foreground">
            Confirm it&apos;s you to see the code for the cashier.
          </p>
        </div>
        {notice && proof !== 'pin' && (
          <Alert>
            <AlertDescription>{notice}</AlertDescription>
          </Alert>
        )}
        {proof === 'pin' ? (
          <WalletPinField key="pin" control={form.control} name="pin" autoFocus />
        ) : proof === 'password' ? (
          <CurrentPasswordField key="password" control={form.control} name="password" autoFocus />
        ) : (
          <OneTimeCodeField key="code" control={form.control} name="code" autoFocus />
        )}
        {others.map((other) => (
          <Button
            key={other}
            type="button"
            variant="link"
            className="h-auto justify-self-start p-0"
            onClick={() => switchTo(other)}
          >
            {other === 'pin'
              ? 'Use your wallet PIN instead'
              : other === 'password'
                ? 'Use your password instead'
                : 'Use an authentication code instead'}
          </Button>
        ))}
        {failure && (
          <Alert variant="destructive">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Show code'}
        </Button>
      </form>
    </Form>
  );
}

/** The wrong PIN that used up the last try: its message says the PIN is locked now. */
function pinNowLocked(error: unknown): boolean {
  return error instanceof ApiError && error.errors.pin === WALLET_PIN_MESSAGES.wrongPin(0);
}
