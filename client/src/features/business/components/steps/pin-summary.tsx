import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { brandDisplayName } from '@shared/constants';
import { type Identifier } from '@shared/schema/identifiers';
import { useIdentifiers } from '@/api/get-identifiers';
import { capitalize, formatUsd } from '@/lib/format';
import { parseNumberInput } from '@/lib/number-fields-resolver';
import { type PinWizardValues } from '../pin-wizard-values';
import { expiryChoiceLabel, expiryDate } from './details-step';
import { milesText } from './pin-place-map';
import { useChosenStore } from './use-chosen-store';

type PinSummaryProps = { identifiers?: Identifier[] };

/** The pin as it will be created, read back in one place before 'Create Pin'. */
export function PinSummary({ identifiers: given }: PinSummaryProps) {
  const { control } = useFormContext<PinWizardValues>();
  const values = useWatch({ control }) as PinWizardValues;
  const store = useChosenStore();
  const fetched = useIdentifiers();
  const identifiers = given ?? fetched.data ?? [];
  const headingId = useId();

  const value = parseNumberInput(values.value);
  const quantity = parseNumberInput(values.quantity);
  const radius = parseNumberInput(values.radius);
  const days = parseNumberInput(values.expiresInDays);
  const chosen = values.targetIdentifiers;
  // A segment whose name has not loaded still counts: it shows as its number.
  const audience =
    chosen.length === 0
      ? 'Everyone'
      : chosen
          .map((id) => identifiers.find((identifier) => identifier.id === id)?.name ?? `#${id}`)
          .join(', ');

  return (
    <section aria-labelledby={headingId} className="rounded-md border p-4 text-sm">
      <h4 id={headingId} className="mb-2 font-semibold">
        Summary
      </h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">Brand</dt>
        <dd>{values.brand ? capitalize(brandDisplayName(values.brand)) : '—'}</dd>
        <dt className="text-muted-foreground">Store</dt>
        <dd className="break-words">{store?.label ?? '—'}</dd>
        <dt className="text-muted-foreground">Cards</dt>
        <dd className="tabular-nums">
          {formatUsd(value)} × {quantity} = {formatUsd(value * quantity)}
        </dd>
        <dt className="text-muted-foreground">Radius</dt>
        <dd>{milesText(radius)}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd>
          {expiryDate(days)} ({expiryChoiceLabel(days)})
        </dd>
        <dt className="text-muted-foreground">Audience</dt>
        <dd className="break-words">{audience}</dd>
        <dt className="text-muted-foreground">Message</dt>
        <dd className="break-words">{values.promotionMessage || 'No message'}</dd>
      </dl>
    </section>
  );
}
