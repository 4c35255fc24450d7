import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { GIFT_LIMITS } from '@shared/constants';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';

type GiftMessageFieldProps<Values extends FieldValues, Transformed extends FieldValues> = {
  control: Control<Values, unknown, Transformed>;
  name: Path<Values>;
  placeholder: string;
};

/** The optional note on a gift or a gift request, with its 200-character counter. */
export function GiftMessageField<
  Values extends FieldValues,
  Transformed extends FieldValues = Values,
>({ control, name, placeholder }: GiftMessageFieldProps<Values, Transformed>) {
  const message = (useWatch({ control, name }) as string | undefined) ?? '';
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>Message (optional)</FormLabel>
          <FormControl>
            <Textarea
              maxLength={GIFT_LIMITS.messageMax}
              placeholder={placeholder}
              {...field}
              value={(field.value as string | undefined) ?? ''}
            />
          </FormControl>
          <FormDescription>
            {message.length}/{GIFT_LIMITS.messageMax} characters
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
