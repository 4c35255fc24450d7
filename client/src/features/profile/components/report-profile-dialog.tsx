import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type z } from 'zod';
import { reportProfileSchema, type ReportProfileInput } from '@shared/schema/profiles';
import { ReportReasonFields } from '@/components/forms/report-reason-fields';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
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
