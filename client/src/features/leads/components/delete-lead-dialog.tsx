import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteLead } from '../api/delete-lead';
import { type LeadRow } from '../lib/lead-display';

type DeleteLeadDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lead?: LeadRow;
};

/** Asks before deleting a lead; a deleted lead cannot be brought back. */
export function DeleteLeadDialog({ open, onOpenChange, lead }: DeleteLeadDialogProps) {
  const deleteLead = useDeleteLead({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Lead deleted' });
        onOpenChange(false);
      },
      onError: (error) => {
        // The dialog stays open, so Delete can be tried again.
        toast({
          variant: 'destructive',
          title: 'Failed to delete lead',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete Lead"
      description={`Are you sure you want to delete ${lead?.name ?? ''}?`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      pending={deleteLead.isPending}
      disabled={!lead}
      onConfirm={() => lead && deleteLead.mutate({ id: lead.id })}
    />
  );
}
