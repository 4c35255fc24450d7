import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { PinWizard } from './pin-wizard';

type CreatePinDialogProps = {
  /** Given, the page opens the dialog from elsewhere too (the first steps' 'Create a pin'). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

/** The 'Create Pin' button and the dialog that holds the wizard (its steps bring their buttons). */
export function CreatePinDialog(props: CreatePinDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = props.open ?? ownOpen;
  const setOpen = props.onOpenChange ?? setOwnOpen;
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" />
          Create Pin
        </Button>
      }
      title="Create New Pin"
      description="Choose a store, set the gift-card value and decide who sees it. The total is reserved from your wallet."
      className="max-w-2xl"
    >
      <PinWizard onSuccess={() => setOpen(false)} />
    </FormDialog>
  );
}
