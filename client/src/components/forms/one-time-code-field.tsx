import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

type OneTimeCodeFieldProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  autoFocus?: boolean;
};

/** 'Authentication code': the code from the authenticator app, with its message under it. */
export function OneTimeCodeField<
  TValues extends FieldValues,
  TContext = unknown,
  TTransformed = TValues,
>({ control, name, autoFocus }: OneTimeCodeFieldProps<TValues, TContext, TTransformed>) {
  return (
    <TextField
      control={control}
      name={name}
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={20}
      autoFocus={autoFocus}
    />
  );
}
