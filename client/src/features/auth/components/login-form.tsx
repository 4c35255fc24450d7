import { CircleX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { type LoginInput } from '@shared/schema/users';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';
import { isTwoFactorChallenge, useLogin } from '../api/login';

// The code step (its form and the shared schema) loads only for accounts with two-factor on.
const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((module) => ({ default: module.TwoFactorStep })),
);

type LoginFormProps = { onSuccess: () => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  // No client validation beyond trimming the identifier: the server answers for the rest.
  const form = useForm<LoginInput>({
    defaultValues: { identifier: '', password: '', remember: false },
  });
  const [codeStep, setCodeStep] = useState(false);
  const login = useLogin({
    mutationConfig: {
      onSuccess: (result) => {
        if (isTwoFactorChallenge(result)) {
          setCodeStep(true);
          return;
        }
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

  if (codeStep) {
    return (
      <Suspense fallback={<Spinner label="Loading" className="py-8" />}>
        <TwoFactorStep onSuccess={onSuccess} onBack={() => setCodeStep(false)} />
      </Suspense>
    );
  }

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
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <FormField
            control={form.control}
            name="remember"
            render={({ field }) => (
              <FormItem className="flex items-center gap-2">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value === true}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                  />
                </FormControl>
                <FormLabel className="cursor-pointer py-2 font-normal">Keep me signed in</FormLabel>
              </FormItem>
            )}
          />
          <Link
            href={paths.resetPassword}
            className={cn(buttonVariants({ variant: 'link' }), 'h-auto px-0 py-2')}
          >
            Forgot password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </Form>
  );
}
