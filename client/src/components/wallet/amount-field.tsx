import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { FUNDS_MAX_DOLLARS, FUNDS_MIN_DOLLARS } from '@shared/constants';

type AmountFieldProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  /** The bounds the browser offers; the form's schema is what enforces them. */
  min?: number;
  max?: number;
};

/** A dollar amount with cents: the text stays as typed; the schema reads it as a number. */
export function AmountField<TValues extends FieldValues, TContext, TTransformed>({
  control,
  name,
  min = FUNDS_MIN_DOLLARS,
  max = FUNDS_MAX_DOLLARS,
}: AmountFieldProps<TValues, TContext, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Amount ($)</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode="decimal"
              step="0.01"
              min={min}
              max={max}
              autoComplete="off"
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
