import { zodResolver } from '@hookform/resolvers/zod';
import { CircleX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TWO_FACTOR } from '@shared/constants';
import { type SecondFactorInput, secondFactorSchema } from '@shared/schema/two-factor';
import { OneTimeCodeField } from '@/components/forms/one-time-code-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLoginTwoFactor } from '../api/login-two-factor';

type TwoFactorStepProps = {
  onSuccess: () => void;
  /** Back to the password step (a new sign-in). */
  onBack: () => void;
};

type Method = 'code' | 'recoveryCode';

/**
 * The second step of signing in with two-factor on: the code from the authenticator app, or one
 * of the recovery codes saved when two-factor was turned on.
 */
export function TwoFactorStep({ onSuccess, onBack }: TwoFactorStepProps) {
  const [method, setMethod] = useState<Method>('code');
  const form = useForm<SecondFactorInput>({
    resolver: zodResolver(secondFactorSchema),
    defaultValues: { code: '' },
  });
  const verify = useLoginTwoFactor({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Login successful!' });
        onSuccess();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Login failed'),
        });
      },
    },
  });

  const switchMethod = () => {
    const next: Method = method === 'code' ? 'recoveryCode' : 'code';
    verify.reset();
    setMethod(next);
    form.reset(next === 'code' ? { code: '' } : { recoveryCode: '' });
  };

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => verify.mutate(values))}
        className="grid gap-4"
      >
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Two-factor authentication</h2>
          <p className="text-sm text-muted-foreground">
            {method === 'code'
              ? `Enter the ${TWO_FACTOR.codeDigits}-digit code from your authenticator app.`
              : 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'}
          </p>
        </div>
        {verify.isError && (
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <AlertDescription>{errorMessage(verify.error, 'Login failed')}</AlertDescription>
          </Alert>
        )}
        {method === 'code' ? (
          <OneTimeCodeField key="code" control={form.control} name="code" autoFocus />
        ) : (
          <TextField
            key="recoveryCode"
            control={form.control}
            name="recoveryCode"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
            autoFocus
          />
        )}
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-x-4">
          <Button type="button" variant="link" className="h-auto px-0 py-2" onClick={switchMethod}>
            {method === 'code'
              ? 'Use a recovery code instead'
              : 'Use your authenticator app instead'}
          </Button>
          <Button type="button" variant="link" className="h-auto px-0 py-2" onClick={onBack}>
            Back to sign in
          </Button>
        </div>
      </form>
    </Form>
  );
}
