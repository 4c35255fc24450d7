import { useId, useState } from 'react';
import { brandDisplayName, PIN_LIMITS } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useExtendPin } from '../api/manage-pin';

/** The lengths a business picks from. */
export const EXTEND_DAY_CHOICES = [7, 14, 30, 90] as const;
const DAY_MS = 86_400_000;

/** The expiry `days` after the pin's current one, as the server computes it. */
const extendedExpiry = (pin: BusinessPin, days: number) =>
  new Date(Date.parse(pin.expiresAt) + days * DAY_MS).toISOString();

type ExtendPinDialogProps = { pin: BusinessPin | null; onOpenChange: (open: boolean) => void };

/** Pushes a pin's expiry later by a chosen number of days, showing the new date first. */
export function ExtendPinDialog({ pin, onOpenChange }: ExtendPinDialogProps) {
  return (
    <FormDialog
      open={pin !== null}
      onOpenChange={onOpenChange}
      title="Extend pin"
      description={
        pin
          ? `${brandDisplayName(pin.brand)} at ${pin.locationName} now expires ${formatDate(pin.expiresAt)}. A pin can run at most ${PIN_LIMITS.expiryDaysMax} days from today.`
          : undefined
      }
      className="max-w-md"
    >
      {pin && <ExtendForm pin={pin} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function ExtendForm({ pin, onDone }: { pin: BusinessPin; onDone: () => void }) {
  const id = useId();
  const latest = Date.now() + PIN_LIMITS.expiryDaysMax * DAY_MS;
  const fits = (days: number) => Date.parse(extendedExpiry(pin, days)) <= latest;
  const [days, setDays] = useState<number | null>(EXTEND_DAY_CHOICES.find(fits) ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const extend = useExtendPin({
    mutationConfig: {
      onSuccess: (updated) => {
        toast({
          title: 'Pin extended',
          description: `It now expires ${formatDate(updated.expiresAt)}.`,
        });
        onDone();
      },
      onError: (error) =>
        setFailure(errorMessage(error, 'Failed to extend the pin. Please try again.')),
    },
  });

  return (
    <form
      noValidate
      className="grid grid-cols-1 gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (days === null) return;
        setFailure(null);
        extend.mutate({ pinId: pin.id, days });
      }}
    >
      <div className="grid gap-2">
        <p id={`${id}-label`} className="text-sm leading-none font-medium">
          Extend by
        </p>
        <RadioGroup
          aria-labelledby={`${id}-label`}
          value={days === null ? '' : String(days)}
          onValueChange={(value) => setDays(Number(value))}
          className="grid-cols-2 gap-3"
        >
          {EXTEND_DAY_CHOICES.map((choice) => (
            <Label
              key={choice}
              htmlFor={`${id}-${choice}`}
              className="flex h-11 items-center gap-3 rounded-md border border-input bg-card px-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
            >
              <RadioGroupItem
                id={`${id}-${choice}`}
                value={String(choice)}
                disabled={!fits(choice)}
              />
              {choice} days
            </Label>
          ))}
        </RadioGroup>
      </div>
      <p className="text-sm" aria-live="polite">
        {days === null
          ? 'This pin already runs as long as a pin can.'
          : `New expiry: ${formatDate(extendedExpiry(pin, days))}`}
      </p>
      <FormDialogFooter
        submitLabel="Extend Pin"
        pendingLabel="Extending..."
        pending={extend.isPending}
        disabled={days === null}
        failure={failure}
      />
    </form>
  );
}
