import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type PasswordResetRequest, passwordResetRequestSchema } from '@shared/schema/account';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * Asks for a reset link. The answer never says whether an account uses the address (anyone could
 * ask), so the page says the same thing either way: look in your inbox.
 */
export function ForgotPasswordForm() {
  const form = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' } satisfies PasswordResetRequest,
  });
  const resetRequest = useRequestPasswordReset({
    mutationConfig: {
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Could not send the link'),
        });
        for (const [field, message] of serverFieldErrors(error, ['email'] as const)) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      },
    },
  });

  if (resetRequest.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <MailCheck aria-hidden="true" />
          <div className="grid gap-1.5">
            <AlertTitle>Check your e-mail</AlertTitle>
            <AlertDescription>{resetRequest.data.message}</AlertDescription>
          </div>
        </Alert>
        <div className="flex flex-wrap gap-2">
          <Link href={paths.auth} className={buttonVariants()}>
            Back to sign in
          </Link>
          <Button type="button" variant="outline" onClick={() => resetRequest.reset()}>
            Send another link
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => resetRequest.mutate(values))}
        className="grid gap-4"
      >
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <Button type="submit" className="w-full" disabled={resetRequest.isPending}>
          {resetRequest.isPending ? 'Sending...' : 'Send reset link'}
        </Button>
        <Link href={paths.auth} className={buttonVariants({ variant: 'link' })}>
          Back to sign in
        </Link>
      </form>
    </Form>
  );
}
