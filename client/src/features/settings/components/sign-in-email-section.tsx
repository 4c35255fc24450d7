import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS } from '@shared/constants';
import { type EmailChangeRequest, emailChangeRequestSchema } from '@shared/schema/profile-settings';
import { useProfileSettings } from '@/api/get-profile-settings';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useRequestEmailChange } from '../api/request-email-change';
import { SettingsSection } from './settings-section';

const FIELDS = ['newEmail', 'currentPassword'] as const;
const EMPTY: EmailChangeRequest = { newEmail: '', currentPassword: '' };

/** Changing the address used to sign in: confirmed by a link sent to the new address. */
export function SignInEmailSection() {
  const settings = useProfileSettings();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: EMPTY,
  });
  const change = useRequestEmailChange({
    mutationConfig: {
      onSuccess: ({ message }) => {
        setSent(message);
        form.reset(EMPTY);
        toast({ title: 'Check your inbox', description: message });
      },
      onError: (error) => {
        for (const [field, message] of serverFieldErrors(error, FIELDS)) {
          form.setError(field, { message });
        }
        toast({
          variant: 'destructive',
          title: 'Failed to change your e-mail',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    setSent(null);
    change.mutate(values);
  });

  return (
    <SettingsSection
      id="sign-in-email"
      title="Sign-in e-mail"
      description="We send a confirmation link to the new address; your sign-in e-mail changes only when you follow it."
    >
      <div className="grid gap-4">
        {/* A div, not a p: the loading skeleton inside it is a block. */}
        <div className="text-sm">
          <span className="text-muted-foreground">Current address: </span>
          {settings.data ? (
            <span className="font-medium break-all">{settings.data.email}</span>
          ) : settings.isPending ? (
            <Skeleton className="inline-block h-4 w-48 align-middle" />
          ) : (
            <span className="text-muted-foreground">unavailable</span>
          )}
        </div>
        {sent && (
          <Alert role="status">
            <MailCheck aria-hidden="true" className="size-4" />
            <AlertDescription>{sent}</AlertDescription>
          </Alert>
        )}
        <Form {...form}>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                control={form.control}
                name="newEmail"
                label="New email"
                type="email"
                autoComplete="email"
                maxLength={LIMITS.emailMax}
              />
              <CurrentPasswordField
                control={form.control}
                name="currentPassword"
                label="Current password"
                maxLength={LIMITS.passwordMax}
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
                {change.isPending ? 'Sending...' : 'Send confirmation link'}
              </Button>
            </div>
          </form>
        </Form>
      </div>
    </SettingsSection>
  );
}
