import { CircleX } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { type LoginInput } from '@shared/schema/users';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';

type LoginFormProps = { onSuccess: () => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  // No client validation beyond trimming the identifier: the server answers for the rest.
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
        <TextField
          control={form.control}
          name="identifier"
          label="Email or Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </Form>
  );
}
