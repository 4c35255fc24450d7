import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PinWizard } from './pin-wizard';

/** The 'Create Pin' button and the dialog that holds the wizard. */
export function CreatePinDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          Create Pin
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create New Pin</DialogTitle>
          <DialogDescription>
            Choose a store, set the gift-card value and decide who sees it. The total is reserved
            from your wallet.
          </DialogDescription>
        </DialogHeader>
        <PinWizard onSuccess={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
