import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!deleteLead.isPending) onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Lead</DialogTitle>
          <DialogDescription>{`Are you sure you want to delete ${lead?.name ?? ''}?`}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button
            type="button"
            variant="outline"
            disabled={deleteLead.isPending}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={!lead || deleteLead.isPending}
            onClick={() => lead && deleteLead.mutate({ id: lead.id })}
          >
            {deleteLead.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
