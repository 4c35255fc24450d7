import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** What happened to the dialog, in the order Radix reports it. */
export type SampleDialogEvent =
  | { type: 'opened' }
  | { type: 'focus-moved-in' }
  | { type: 'escape-pressed' }
  | { type: 'clicked-outside' }
  | { type: 'cancelled' }
  | { type: 'confirmed'; name: string }
  | { type: 'closed' }
  | { type: 'focus-returned' };

type SampleDialogProps = { onEvent: (event: SampleDialogEvent) => void };

/**
 * A real Radix dialog with a field and two buttons: enough to see focus move in, stay trapped
 * while tabbing, and come back to the trigger when it closes.
 */
export function SampleDialog({ onEvent }: SampleDialogProps) {
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');

  const changeOpen = (next: boolean) => {
    setOpen(next);
    onEvent({ type: next ? 'opened' : 'closed' });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button type="button">Open dialog</Button>
      </DialogTrigger>
      <DialogContent
        className="max-w-md"
        onOpenAutoFocus={() => onEvent({ type: 'focus-moved-in' })}
        onCloseAutoFocus={() => onEvent({ type: 'focus-returned' })}
        onEscapeKeyDown={() => onEvent({ type: 'escape-pressed' })}
        onPointerDownOutside={() => onEvent({ type: 'clicked-outside' })}
      >
        <DialogHeader>
          <DialogTitle>Sample dialog</DialogTitle>
          <DialogDescription>
            Tab moves between the field and the buttons without leaving the dialog. Escape, Cancel
            or Close shut it.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onEvent({ type: 'confirmed', name: name.trim() });
            changeOpen(false);
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Your name</Label>
            <Input
              id={nameId}
              autoComplete="off"
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                onEvent({ type: 'cancelled' });
                changeOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit">Confirm</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A line a person can read for each event. */
export function describeDialogEvent(event: SampleDialogEvent): string {
  switch (event.type) {
    case 'opened':
      return 'Dialog opened';
    case 'focus-moved-in':
      return 'Focus moved into the dialog';
    case 'escape-pressed':
      return 'Escape pressed';
    case 'clicked-outside':
      return 'Clicked outside the dialog';
    case 'cancelled':
      return 'Cancel chosen';
    case 'confirmed':
      return event.name ? `Confirmed with the name "${event.name}"` : 'Confirmed without a name';
    case 'closed':
      return 'Dialog closed';
    case 'focus-returned':
      return 'Focus returned to the Open dialog button';
  }
}
