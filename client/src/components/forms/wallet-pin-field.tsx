import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { WALLET_PIN } from '@shared/constants';
import { TextField } from '@/components/ui/text-field';

type WalletPinFieldProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  label?: string;
  autoFocus?: boolean;
};

/**
 * A wallet PIN: digits on a phone's number pad, hidden as it is typed (it is often typed at a
 * counter, in view of others), and never offered for saving or filling in.
 */
export function WalletPinField<
  TValues extends FieldValues,
  TContext = unknown,
  TTransformed = TValues,
>({
  control,
  name,
  label = 'Wallet PIN',
  autoFocus,
}: WalletPinFieldProps<TValues, TContext, TTransformed>) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={WALLET_PIN.digits}
      autoFocus={autoFocus}
    />
  );
}
