import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { PIN_LIMITS } from '@shared/constants';
import { useWallet } from '@/api/get-wallet';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { formatUsd } from '@/lib/format';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { paths } from '@/lib/paths';
import { type PinWizardValues } from '../pin-wizard-values';

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
        </FormItem>
      )}
    />
  );
}

/** What the pin will reserve from the wallet, against what the wallet holds. */
function ReserveSummary() {
  const { control } = useFormContext<PinWizardValues>();
  const [value, quantity] = useWatch({ control, name: ['value', 'quantity'] });
  const wallet = useWallet();
  const total = parseNumberInput(value) * parseNumberInput(quantity);
  const known = Number.isFinite(total);
  const balance = wallet.data?.balance;
  const shortBy = known && balance !== undefined ? total - balance : 0;

  return (
    <div className="grid gap-2 rounded-md bg-muted p-3 text-sm" aria-live="polite">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
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
        <p>
          You need {formatUsd(shortBy)} more.{' '}
          <Link href={paths.wallet} className="font-medium text-primary underline">
            Add funds in your wallet
          </Link>
        </p>
      )}
    </div>
  );
}

/** Step 2: value, quantity and radius, each with its default. */
export function DetailsStep() {
  return (
    <div className="grid gap-4">
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
      <ReserveSummary />
    </div>
  );
}
