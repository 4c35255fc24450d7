import { CircleX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type LoginInput } from '@shared/schema/users';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';

type LoginFormProps = { onSuccess: () => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  // No client validation beyond trimming the identifier (spec §5): the server answers for the rest.
  const form = useForm<LoginInput>({ defaultValues: { identifier: '', password: '' } });
  const login = useLogin({
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

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => login.mutate(values))}
        className="grid gap-4"
      >
        {login.isError && (
          <Alert variant="destructive">
            <CircleX aria-hidden="true" />
            <AlertDescription>{errorMessage(login.error, 'Login failed')}</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="identifier"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email or Username</FormLabel>
              <FormControl>
                <Input
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...field}
                />
              </FormControl>
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
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </Form>
  );
}
