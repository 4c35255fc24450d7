import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

type CurrentPasswordFieldProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  /** 'Password' unless the form also asks for a new one. */
  label?: 'Password' | 'Current password';
  maxLength?: number;
  autoFocus?: boolean;
};

/** The password the person signs in with, asked again to confirm a change; show/hide toggle included. */
export function CurrentPasswordField<
  TValues extends FieldValues,
  TContext = unknown,
  TTransformed = TValues,
>({
  control,
  name,
  label = 'Password',
  maxLength,
  autoFocus,
}: CurrentPasswordFieldProps<TValues, TContext, TTransformed>) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      type="password"
      autoComplete="current-password"
      maxLength={maxLength}
      autoFocus={autoFocus}
    />
  );
}
