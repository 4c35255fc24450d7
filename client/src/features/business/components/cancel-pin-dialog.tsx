import { type BusinessPin } from '@shared/schema/pins';
import { brandDisplayName } from '@shared/constants';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { useCancelPin } from '../api/cancel-pin';

type CancelPinDialogProps = { pin: BusinessPin | null; onOpenChange: (open: boolean) => void };

/** Asks before cancelling: cancelling returns the unclaimed value to the wallet. */
export function CancelPinDialog({ pin, onOpenChange }: CancelPinDialogProps) {
  const cancelPin = useCancelPin({
    mutationConfig: {
      onSuccess: (cancelled) => {
        toast({
          title: 'Pin cancelled',
          description: `${formatUsd(cancelled.remaining * cancelled.value)} returned to your wallet.`,
        });
        onOpenChange(false);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to cancel pin',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  return (
    <Dialog open={pin !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {pin && (
          <>
            <DialogHeader>
              <DialogTitle>Cancel this pin?</DialogTitle>
              <DialogDescription>
                {brandDisplayName(pin.brand)} at {pin.locationName}: the {pin.remaining} unclaimed
                of {pin.quantity} cards ({formatUsd(pin.remaining * pin.value)}) return to your
                wallet. Cards already claimed stay valid.
              </DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  Keep Pin
                </Button>
              </DialogClose>
              <Button
                type="button"
                variant="destructive"
                disabled={cancelPin.isPending}
                onClick={() => cancelPin.mutate(pin.id)}
              >
                {cancelPin.isPending ? 'Cancelling...' : 'Cancel Pin'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
