import { zodResolver } from '@hookform/resolvers/zod';
import { CircleX } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { type PasswordResetConfirm, passwordResetConfirmSchema } from '@shared/schema/account';
import { PasswordStrengthMeter } from '@/components/forms/password-strength-meter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { needsSignIn, useResetPassword } from '../api/reset-password';

type ResetPasswordFormProps = { token: string };

/**
 * A new password for the account whose reset link was followed (registration's rules). Success
 * signs this browser in and goes home; a link that no longer works says so and offers a new one.
 */
export function ResetPasswordForm({ token }: ResetPasswordFormProps) {
  const [, navigate] = useLocation();
  const form = useForm({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { token, password: '' } satisfies PasswordResetConfirm,
  });
  const password = useWatch({ control: form.control, name: 'password' });
  const reset = useResetPassword({
    mutationConfig: {
      onSuccess: (result) => {
        if (needsSignIn(result)) {
          toast({ title: 'Password reset', description: result.message });
          navigate(paths.auth, { replace: true });
          return;
        }
        toast({ title: 'Your password has been reset', description: "You're signed in." });
        navigate(paths.home, { replace: true });
      },
      onError: (error) => {
        for (const [field, message] of serverFieldErrors(error, ['password'] as const)) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      },
    },
  });
  // A refusal of the link itself (not of the password) comes without a field.
  const linkRefused =
    reset.isError && serverFieldErrors(reset.error, ['password'] as const).length === 0;

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => reset.mutate(values))}
        className="grid gap-4"
      >
        {linkRefused && (
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <AlertDescription className="grid gap-1">
              <span>{errorMessage(reset.error, 'The password could not be reset')}</span>
              <Link
                href={paths.resetPassword}
                className="font-medium text-foreground underline underline-offset-4"
              >
                Ask for a new link
              </Link>
            </AlertDescription>
          </Alert>
        )}
        <TextField
          control={form.control}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <PasswordStrengthMeter password={password} />
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </Form>
  );
}
