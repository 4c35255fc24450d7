import { type ComponentProps } from 'react';
import { type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from './form';
import { Input } from './input';
import { PasswordInput } from './password-input';

type TextFieldProps<TValues extends FieldValues, TContext, TTransformed> = {
  /** A form's control, whatever its resolver turns the values into. */
  control: Control<TValues, TContext, TTransformed>;
  name: FieldPath<TValues>;
  label: string;
  /** `password` gets the show/hide toggle. */
  type?: 'text' | 'email' | 'tel' | 'password';
} & Omit<ComponentProps<'input'>, 'name' | 'type' | 'value' | 'onChange' | 'onBlur' | 'ref'>;

/** A labelled text input bound to a react-hook-form field, with its message under it. */
export function TextField<TValues extends FieldValues, TContext = unknown, TTransformed = TValues>({
  control,
  name,
  label,
  type = 'text',
  ...inputProps
}: TextFieldProps<TValues, TContext, TTransformed>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {type === 'password' ? (
              <PasswordInput {...inputProps} {...field} />
            ) : (
              <Input type={type} {...inputProps} {...field} />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
