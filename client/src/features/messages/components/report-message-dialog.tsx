import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { reportMessageSchema, type ReportMessageInput } from '@shared/schema/messages';
import { ReportReasonFields } from '@/components/forms/report-reason-fields';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
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
        <ReportReasonFields control={form.control} disabled={report.isPending} />
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
