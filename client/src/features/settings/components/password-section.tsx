import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '@shared/constants';
import { type PasswordChange, passwordChangeSchema } from '@shared/schema/account';
import { useUser } from '@/api/get-user';
import { CurrentPasswordField } from '@/components/forms/current-password-field';
import { PasswordStrengthMeter } from '@/components/forms/password-strength-meter';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { SettingsSection } from './settings-section';

const FIELDS = ['currentPassword', 'newPassword'] as const;
const EMPTY: PasswordChange = { currentPassword: '', newPassword: '' };

/** Changing the password: the current one first; every other session is signed out. */
export function PasswordSection() {
  const { data: user } = useUser();
  const form = useForm<PasswordChange>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const change = useChangePassword({
    mutationConfig: {
      onSuccess: ({ message }) => {
        form.reset(EMPTY);
        toast({ title: 'Password changed', description: message });
      },
      onError: (error) => {
        const fieldErrors = serverFieldErrors(error, FIELDS);
        for (const [field, message] of fieldErrors) {
          form.setError(field, { message }, { shouldFocus: true });
        }
        toast({
          variant: 'destructive',
          title: 'Failed to change your password',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  return (
    <SettingsSection
      id="password"
      title="Password"
      description="Changing it signs you out on every other device; this one stays signed in."
    >
      <Form {...form}>
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
          className="grid gap-4"
        >
          {/* For password managers: which account the new password belongs to. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={user?.username ?? ''}
            readOnly
            hidden
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <CurrentPasswordField
              control={form.control}
              name="currentPassword"
              label="Current password"
              maxLength={LIMITS.passwordMax}
            />
            <div className="grid gap-2">
              <TextField
                control={form.control}
                name="newPassword"
                label="New password"
                type="password"
                autoComplete="new-password"
                maxLength={LIMITS.passwordMax}
              />
              <PasswordStrengthMeter
                password={newPassword}
                userInputs={user ? [user.username, user.email, user.name] : []}
              />
            </div>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </Form>
    </SettingsSection>
  );
}
