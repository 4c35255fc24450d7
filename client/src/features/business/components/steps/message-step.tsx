import { useFormContext } from 'react-hook-form';
import { PIN_LIMITS } from '@shared/constants';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { type PinWizardValues } from '../pin-wizard-values';

const MAX = PIN_LIMITS.promotionMessageMax;

/**
 * Step 4: the optional promotion message. Typing past 200 characters is allowed (a paste is not cut
 * short unseen); the count turns red and Continue says what is wrong.
 */
export function MessageStep() {
  const { control } = useFormContext<PinWizardValues>();
  return (
    <FormField
      control={control}
      name="promotionMessage"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Promotion Message</FormLabel>
          <FormControl>
            <Textarea
              rows={4}
              placeholder="Optional: e.g. Treat yourself to a coffee on us!"
              {...field}
            />
          </FormControl>
          <FormDescription className="flex justify-between gap-4">
            <span>Limited to 200 characters</span>
            <span className={cn('tabular-nums', field.value.length > MAX && 'text-destructive')}>
              {field.value.length}/{MAX}
            </span>
          </FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
