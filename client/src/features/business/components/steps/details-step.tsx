import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { PIN_EXPIRY_CHOICES, PIN_LIMITS } from '@shared/constants';
import { useWallet } from '@/api/get-wallet';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { AddFundsDialog } from '@/components/wallet/add-funds-dialog';
import { formatDate, formatUsd } from '@/lib/format';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { type PinWizardValues } from '../pin-wizard-values';
import { PinPlaceMap } from './pin-place-map';

type NumberFieldProps = {
  name: 'value' | 'quantity' | 'radius';
  label: string;
  hint?: string;
  min: number;
  max: number;
  step: string;
};

function NumberField({ name, label, hint, min, max, step }: NumberFieldProps) {
  const { control } = useFormContext<PinWizardValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              type="number"
              inputMode={step === '1' ? 'numeric' : 'decimal'}
              min={min}
              max={max}
              step={step}
              {...field}
            />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** The day a pin chosen now would expire, e.g. 'Feb 23, 2027'. */
export function expiryDate(days: number, now = Date.now()): string {
  return formatDate(new Date(now + days * 86_400_000).toISOString());
}

export const expiryChoiceLabel = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** How long the pin runs: the offered choices, and the day that makes. */
function ExpiryField() {
  const { control } = useFormContext<PinWizardValues>();
  return (
    <FormField
      control={control}
      name="expiresInDays"
      render={({ field }) => {
        const days = parseNumberInput(field.value);
        return (
          <FormItem>
            <FormLabel>Expires in</FormLabel>
            <FormControl>
              <NativeSelect
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
              >
                {PIN_EXPIRY_CHOICES.map((choice) => (
                  <option key={choice} value={String(choice)}>
                    {expiryChoiceLabel(choice)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
            {Number.isFinite(days) && (
              <FormDescription>Expires on {expiryDate(days)}</FormDescription>
            )}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

/**
 * What the pin will reserve from the wallet, against what the wallet holds; when that is short,
 * Add Funds opens right here, and the balance follows once the funds are in.
 */
function ReserveSummary() {
  const { control } = useFormContext<PinWizardValues>();
  const [value, quantity] = useWatch({ control, name: ['value', 'quantity'] });
  const wallet = useWallet();
  const [addingFunds, setAddingFunds] = useState(false);
  const total = parseNumberInput(value) * parseNumberInput(quantity);
  const known = Number.isFinite(total);
  const balance = wallet.data?.balance;
  const shortBy = known && balance !== undefined ? total - balance : 0;

  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" aria-live="polite">
        <dt className="text-muted-foreground">Total to reserve</dt>
        <dd className="text-right font-semibold tabular-nums">{known ? formatUsd(total) : '—'}</dd>
        <dt className="text-muted-foreground">Your balance</dt>
        <dd className="text-right font-semibold tabular-nums">
          {balance === undefined ? (wallet.isError ? 'Unavailable' : '…') : formatUsd(balance)}
        </dd>
      </dl>
      {wallet.isError && (
        <ErrorAlert
          message="Failed to load your balance."
          onRetry={() => void wallet.refetch()}
          retrying={wallet.isFetching}
        />
      )}
      {shortBy > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p aria-live="polite">You need {formatUsd(shortBy)} more.</p>
          <Button type="button" size="sm" onClick={() => setAddingFunds(true)}>
            Add Funds
          </Button>
        </div>
      )}
      <AddFundsDialog open={addingFunds} onOpenChange={setAddingFunds} />
    </div>
  );
}

/** Step 2: value, quantity, radius and expiry, each with its default; the reach on the map. */
export function DetailsStep() {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          name="value"
          label="Value ($)"
          min={PIN_LIMITS.valueMin}
          max={PIN_LIMITS.valueMax}
          step="0.01"
        />
        <NumberField
          name="quantity"
          label="Quantity"
          hint="number of pins to create"
          min={PIN_LIMITS.quantityMin}
          max={PIN_LIMITS.quantityMax}
          step="1"
        />
        <NumberField
          name="radius"
          label="Radius (miles)"
          hint="geographic radius for pin visibility"
          min={PIN_LIMITS.radiusMin}
          max={PIN_LIMITS.radiusMax}
          step="1"
        />
        <ExpiryField />
      </div>
      <ReserveSummary />
      <PinPlaceMap showReach />
    </div>
  );
}
