import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { businessRegistrationSchema, type BusinessRegistration } from '@shared/schema/users';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
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
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Business Email</FormLabel>
              <FormControl>
                <Input type="email" autoComplete="email" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Business Username</FormLabel>
              <FormControl>
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Password</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Business Name</FormLabel>
              <FormControl>
                <Input autoComplete="organization" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Register Business'}
        </Button>
      </form>
    </Form>
  );
}
