import { useId, useState } from 'react';
import { brandDisplayName, PIN_LIMITS } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { useWallet } from '@/api/get-wallet';
import { Button } from '@/components/ui/button';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { AddFundsDialog } from '@/components/wallet/add-funds-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatUsd } from '@/lib/format';
import { serverFieldErrors } from '@/lib/form-errors';
import { useTopUpPin } from '../api/manage-pin';
import { formatCount } from '@shared/format';

type AddCardsDialogProps = { pin: BusinessPin | null; onOpenChange: (open: boolean) => void };

/** More cards of the same value on a pin: the cost is reserved from the wallet. */
export function AddCardsDialog({ pin, onOpenChange }: AddCardsDialogProps) {
  return (
    <FormDialog
      open={pin !== null}
      onOpenChange={onOpenChange}
      title="Add cards"
      description={
        pin
          ? `More ${formatUsd(pin.value)} ${brandDisplayName(pin.brand)} cards at ${pin.locationName}. Their value is reserved from your wallet.`
          : undefined
      }
      className="max-w-md"
    >
      {pin && <AddCardsForm pin={pin} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function AddCardsForm({ pin, onDone }: { pin: BusinessPin; onDone: () => void }) {
  const inputId = useId();
  const messageId = useId();
  const [quantity, setQuantity] = useState('1');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [addingFunds, setAddingFunds] = useState(false);
  const wallet = useWallet();
  const maxMore = Math.max(0, PIN_LIMITS.quantityMax - pin.quantity);

  const count = Number(quantity);
  const valid = quantity.trim() !== '' && Number.isInteger(count) && count >= 1 && count <= maxMore;
  const cost = valid ? count * pin.value : 0;
  const balance = wallet.data?.balance;
  const shortBy = balance !== undefined && valid ? Math.round((cost - balance) * 100) / 100 : 0;

  const topUp = useTopUpPin({
    mutationConfig: {
      onSuccess: (updated, variables) => {
        toast({
          title: 'Cards added',
          description: `${variables.quantity} more cards on your pin: ${updated.remaining} of ${updated.quantity} left to claim.`,
        });
        onDone();
      },
      onError: (error) => {
        const [fieldMessage] = serverFieldErrors(error, ['quantity']);
        if (fieldMessage) setFieldError(fieldMessage[1]);
        else setFailure(errorMessage(error, 'Failed to add cards. Please try again.'));
      },
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!valid) {
      setFieldError(
        maxMore === 0
          ? `This pin already offers ${formatCount(PIN_LIMITS.quantityMax)} cards, the most a pin can`
          : `Enter a whole number from 1 to ${formatCount(maxMore)}`,
      );
      return;
    }
    setFieldError(null);
    topUp.mutate({ pinId: pin.id, quantity: count });
  };

  return (
    <>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Cards to add</Label>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={maxMore}
            step={1}
            value={quantity}
            onChange={(event) => {
              setQuantity(event.target.value);
              setFieldError(null);
            }}
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? messageId : undefined}
            autoFocus
          />
          {fieldError && (
            <p id={messageId} className="text-sm text-destructive">
              {fieldError}
            </p>
          )}
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md bg-muted p-3 text-sm">
          <dt>Cost</dt>
          <dd className="text-right font-medium tabular-nums">
            {valid ? `${count} × ${formatUsd(pin.value)} = ${formatUsd(cost)}` : '—'}
          </dd>
          <dt>Wallet balance</dt>
          <dd className="text-right tabular-nums">
            {balance === undefined ? '…' : formatUsd(balance)}
          </dd>
        </dl>
        {shortBy > 0 && (
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p aria-live="polite">You need {formatUsd(shortBy)} more.</p>
            <Button type="button" size="sm" onClick={() => setAddingFunds(true)}>
              Add Funds
            </Button>
          </div>
        )}
        <FormDialogFooter
          submitLabel="Add Cards"
          pendingLabel="Adding..."
          pending={topUp.isPending}
          disabled={shortBy > 0}
          failure={failure}
        />
      </form>
      {/* Outside the form: the Add Funds form's submit must not reach this one. */}
      <AddFundsDialog open={addingFunds} onOpenChange={setAddingFunds} />
    </>
  );
}
