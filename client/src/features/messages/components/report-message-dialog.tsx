import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '@shared/constants';
import { reportMessageSchema, type ReportMessageInput } from '@shared/schema/messages';
import { REPORT_REASON_LABELS } from '@shared/schema/profiles';
import {
  Form,
  FormControl,
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
import { useReportMessage } from '../api/report-message';

type ReportMessageDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  username: string;
  messageId: number | null;
};

/** 'Report message': a reason and optional details, stored for our team to review. */
export function ReportMessageDialog({
  open,
  onOpenChange,
  username,
  messageId,
}: ReportMessageDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Report message"
      description="Tell us what is wrong with this message. They will not know who reported it."
      className="max-w-md"
    >
      {messageId !== null && (
        <ReportForm
          key={messageId}
          username={username}
          messageId={messageId}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  );
}

type ReportFormOutput = z.output<typeof reportMessageSchema>;

function ReportForm({
  username,
  messageId,
  onDone,
}: {
  username: string;
  messageId: number;
  onDone: () => void;
}) {
  const reasonLabelId = useId();
  const form = useForm<ReportMessageInput, unknown, ReportFormOutput>({
    resolver: zodResolver(reportMessageSchema),
    defaultValues: { details: '' },
  });
  const report = useReportMessage({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Report received', description: 'Thank you. Our team will review it.' });
        onDone();
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to send the report. Please try again.'),
        }),
    },
  });
  const submit = form.handleSubmit((values) =>
    report.mutate({ username, id: messageId, reason: values.reason, details: values.details }),
  );

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
                      <RadioGroupItem value={reason} id={`message-report-${reason}`} />
                      <Label htmlFor={`message-report-${reason}`} className="py-1 font-normal">
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
                  disabled={report.isPending}
                />
              </FormControl>
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
