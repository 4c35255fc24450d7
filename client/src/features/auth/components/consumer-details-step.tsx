import { type FormEvent, type ReactNode } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { type ConsumerDetails } from '@shared/schema/users';
import { PasswordStrengthMeter } from '@/components/forms/password-strength-meter';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { TextField } from '@/components/ui/text-field';

type ConsumerDetailsStepProps = {
  form: UseFormReturn<ConsumerDetails>;
  accountTypePicker: ReactNode;
  onContinue: (event?: FormEvent<HTMLFormElement>) => void;
};

/** Consumer registration step 1: the five details that Continue validates. */
export function ConsumerDetailsStep({
  form,
  accountTypePicker,
  onContinue,
}: ConsumerDetailsStepProps) {
  const [password, email, username, name] = useWatch({
    control: form.control,
    name: ['password', 'email', 'username', 'name'],
  });
  return (
    <Form {...form}>
      <form noValidate onSubmit={onContinue} className="grid gap-4">
        {accountTypePicker}
        <TextField
          control={form.control}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
        />
        <TextField
          control={form.control}
          name="phoneNumber"
          label="Phone Number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
        />
        <TextField
          control={form.control}
          name="username"
          label="Username"
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
        <TextField control={form.control} name="name" label="Full Name" autoComplete="name" />
        <Button type="submit" className="w-full">
          Continue
        </Button>
      </form>
    </Form>
  );
}
