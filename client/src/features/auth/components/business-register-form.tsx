import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { businessRegistrationSchema, type BusinessRegistration } from '@shared/schema/users';
import { PasswordStrengthMeter } from '@/components/forms/password-strength-meter';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useRegister } from '../api/register';

const BUSINESS_FIELDS = ['email', 'username', 'password', 'name'] as const;

type BusinessRegisterFormProps = { accountTypePicker: ReactNode; onSuccess: () => void };

export function BusinessRegisterForm({ accountTypePicker, onSuccess }: BusinessRegisterFormProps) {
  const form = useForm({
    resolver: zodResolver(businessRegistrationSchema),
    defaultValues: {
      type: 'business',
      email: '',
      username: '',
      password: '',
      name: '',
    } satisfies BusinessRegistration,
  });

  const [password, email, username, name] = useWatch({
    control: form.control,
    name: ['password', 'email', 'username', 'name'],
  });

  const registration = useRegister({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Business account registered successfully!' });
        onSuccess();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Registration failed'),
        });
        for (const [field, message] of serverFieldErrors(error, BUSINESS_FIELDS)) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      },
    },
  });

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => registration.mutate(values))}
        className="grid gap-4"
      >
        {accountTypePicker}
        <TextField
          control={form.control}
          name="email"
          label="Business Email"
          type="email"
          autoComplete="email"
        />
        <TextField
          control={form.control}
          name="username"
          label="Business Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <PasswordStrengthMeter password={password} userInputs={[email, username, name]} />
        <TextField
          control={form.control}
          name="name"
          label="Business Name"
          autoComplete="organization"
        />
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Register Business'}
        </Button>
      </form>
    </Form>
  );
}
