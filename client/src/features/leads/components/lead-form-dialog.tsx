import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LEAD_LIMITS, LEAD_STATUSES } from '@shared/constants';
import { leadInputSchema } from '@shared/schema/notifications';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { TextField } from '@/components/ui/text-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { useCreateLead } from '../api/create-lead';
import { useUpdateLead } from '../api/update-lead';
import { type LeadRow } from '../lib/lead-display';
import {
  changedLeadFields,
  EMPTY_LEAD_FORM,
  leadFormValues,
  type LeadFormInput,
  type LeadFormOutput,
  toLeadRequestBody,
} from '../lib/lead-form';

type LeadFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The lead to edit; without one the dialog adds a new lead. */
  lead?: LeadRow;
};

/** 'Add Lead' or, given a lead, 'Edit Lead': the same validated form either way. */
export function LeadFormDialog({ open, onOpenChange, lead }: LeadFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={lead ? 'Edit Lead' : 'Add Lead'}
      description={
        lead ? `Update the details of ${lead.name}.` : 'Add a customer you want to follow up.'
      }
    >
      <LeadForm lead={lead} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

const FORM_FIELDS = [
  'name',
  'email',
  'phone',
  'status',
  'source',
  'notes',
  'lastContacted',
] as const satisfies ReadonlyArray<keyof LeadFormInput>;

function LeadForm({ lead, onDone }: { lead?: LeadRow; onDone: () => void }) {
  const form = useForm<LeadFormInput, unknown, LeadFormOutput>({
    resolver: zodResolver(leadInputSchema),
    defaultValues: lead ? leadFormValues(lead) : EMPTY_LEAD_FORM,
  });

  const onError = (error: Error) => {
    // The server's per-field messages go under their fields; the dialog stays open to fix them.
    for (const [field, message] of serverFieldErrors(error, FORM_FIELDS)) {
      form.setError(field, { message });
    }
    toast({
      variant: 'destructive',
      title: 'Failed to save lead',
      description: errorMessage(error, 'Please try again.'),
    });
  };

  const createLead = useCreateLead({
    mutationConfig: {
      onSuccess: (created) => {
        toast({
          title: 'Lead added',
          description: `${created.name || 'The lead'} is in your leads.`,
        });
        onDone();
      },
      onError,
    },
  });
  const updateLead = useUpdateLead({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Lead updated' });
        onDone();
      },
      onError,
    },
  });
  const saving = createLead.isPending || updateLead.isPending;

  const submit = form.handleSubmit((values) => {
    if (!lead) {
      createLead.mutate(toLeadRequestBody(values));
      return;
    }
    const changes = changedLeadFields(lead, values);
    // Nothing changed: nothing to send.
    if (Object.keys(changes).length === 0) onDone();
    else updateLead.mutate({ id: lead.id, changes });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <TextField
          control={form.control}
          name="name"
          label="Name"
          autoComplete="off"
          maxLength={LEAD_LIMITS.nameMax}
          required
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
          />
          <TextField
            control={form.control}
            name="phone"
            label="Phone"
            type="tel"
            autoComplete="off"
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="status"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Status</FormLabel>
                <FormControl>
                  <NativeSelect {...field} value={field.value ?? ''}>
                    {LEAD_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {status}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <TextField
            control={form.control}
            name="source"
            label="Source"
            autoComplete="off"
            maxLength={LEAD_LIMITS.sourceMax}
          />
        </div>
        <FormField
          control={form.control}
          name="notes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Notes</FormLabel>
              <FormControl>
                <Textarea {...field} value={field.value ?? ''} maxLength={LEAD_LIMITS.notesMax} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="lastContacted"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Last contacted</FormLabel>
              <FormControl>
                <Input type="date" {...field} value={field.value ?? ''} className="sm:w-48" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />

        <FormDialogFooter submitLabel="Save Lead" pendingLabel="Saving..." pending={saving} />
      </form>
    </Form>
  );
}
