import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@shared/constants';
import {
  REPORT_REASON_LABELS,
  reportProfileSchema,
  type ReportProfileInput,
} from '@shared/schema/profiles';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useReportProfile } from '../api/report-profile';

type ReportProfileDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: { username: string; name: string };
};

/** 'Report Profile': a reason and optional details, sent for our team to review. */
export function ReportProfileDialog({ open, onOpenChange, profile }: ReportProfileDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report Profile"
      description={`Tell us what is wrong with @${profile.username}'s profile. They will not know who reported it.`}
      className="max-w-md"
    >
      <ReportProfileForm username={profile.username} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type ReportFormOutput = z.output<typeof reportProfileSchema>;

function ReportProfileForm({ username, onDone }: { username: string; onDone: () => void }) {
  const form = useForm<ReportProfileInput, unknown, ReportFormOutput>({
    resolver: zodResolver(reportProfileSchema),
    defaultValues: { details: '' },
  });
  const reasonLabelId = useId();
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';

  const report = useReportProfile({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: 'Report received',
          description: 'Thank you. Our team will review this profile.',
        });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to send the report. Please try again.'),
        });
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    report.mutate({ username, reason: values.reason, details: values.details });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <p id={reasonLabelId} className="text-sm leading-none font-medium">
                Reason
              </p>
              <FormControl>
                <RadioGroup
                  aria-labelledby={reasonLabelId}
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  name={field.name}
                  disabled={report.isPending}
                >
                  {REPORT_REASONS.map((reason) => (
                    <div key={reason} className="flex items-center gap-3">
                      <RadioGroupItem value={reason} id={`report-reason-${reason}`} />
                      <Label htmlFor={`report-reason-${reason}`} className="py-1 font-normal">
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
          control={form.control}
          name="details"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Details (optional)</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  value={field.value ?? ''}
                  maxLength={REPORT_DETAILS_MAX}
                  placeholder="Anything that helps us understand the problem"
                  disabled={report.isPending}
                />
              </FormControl>
              <FormDescription>
                {details.length}/{REPORT_DETAILS_MAX} characters
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormDialogFooter
          submitLabel="Submit Report"
          pendingLabel="Submitting..."
          pending={report.isPending}
          submitVariant="destructive"
        />
      </form>
    </Form>
  );
}
