import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { PinWizard } from './pin-wizard';

/** The 'Create Pin' button and the dialog that holds the wizard (its steps bring their buttons). */
export function CreatePinDialog() {
  const [open, setOpen] = useState(false);
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
