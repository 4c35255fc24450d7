import { useId } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@shared/constants';
import { REPORT_REASON_LABELS } from '@shared/schema/profiles';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';

type ReportFields = { reason?: unknown; details?: unknown };

/**
 * The body of every report form (a profile, a message): the reason, chosen from the shared list,
 * and optional details with their length, so a report reads the same wherever it is made.
 */
export function ReportReasonFields<T extends FieldValues & ReportFields>({
  control,
  disabled,
}: {
  control: Control<T>;
  disabled: boolean;
}) {
  const reasonLabelId = useId();
  const idPrefix = useId();
  const details = (useWatch({ control, name: 'details' as Path<T> }) as string | undefined) ?? '';
  return (
    <>
      <FormField
        control={control}
        name={'reason' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <p id={reasonLabelId} className="text-sm leading-none font-medium">
              Reason
            </p>
            <FormControl>
              <RadioGroup
                aria-labelledby={reasonLabelId}
                value={(field.value as string | undefined) ?? ''}
                onValueChange={field.onChange}
                name={field.name}
                disabled={disabled}
              >
                {REPORT_REASONS.map((reason) => (
                  <div key={reason} className="flex items-center gap-3">
                    <RadioGroupItem value={reason} id={`${idPrefix}-${reason}`} />
                    <Label htmlFor={`${idPrefix}-${reason}`} className="py-1 font-normal">
                      {REPORT_REASON_LABELS[reason]}
                    </Label>
                  </div>
                ))}
              </RadioGroup>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name={'details' as Path<T>}
        render={({ field }) => (
          <FormItem>
            <FormLabel>Details (optional)</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                value={(field.value as string | undefined) ?? ''}
                maxLength={REPORT_DETAILS_MAX}
                placeholder="Anything that helps us understand the problem"
                disabled={disabled}
              />
            </FormControl>
            <FormDescription>
              {details.length}/{REPORT_DETAILS_MAX} characters
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </>
  );
}
