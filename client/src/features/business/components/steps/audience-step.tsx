import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { type Identifier } from '@shared/schema/identifiers';
import { useIdentifiers } from '@/api/get-identifiers';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { capitalize } from '@/lib/format';
import { type PinWizardValues } from '../pin-wizard-values';

type AudienceStepProps = { identifiers?: Identifier[] };

/**
 * Step 3: one checkbox per customer segment. Fetched here only when the caller passed none. No
 * choice means everyone.
 */
export function AudienceStep({ identifiers: given }: AudienceStepProps) {
  const { control, setValue } = useFormContext<PinWizardValues>();
  const selected = useWatch({ control, name: 'targetIdentifiers' });
  // Only the server can refuse a choice here (a segment that was since removed).
  const { errors } = useFormState({ control, name: 'targetIdentifiers' });
  const refusal = errors.targetIdentifiers?.message;
  const fetched = useIdentifiers();
  const identifiers = given ?? fetched.data;
  const baseId = useId();

  if (!identifiers) {
    if (fetched.isError) {
      return (
        <ErrorAlert
          message="Failed to fetch identifiers"
          onRetry={() => void fetched.refetch()}
          retrying={fetched.isFetching}
        />
      );
    }
    return (
      <div role="status" aria-label="Loading identifiers" className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }

  const toggle = (id: number, checked: boolean) =>
    setValue(
      'targetIdentifiers',
      checked ? [...selected, id] : selected.filter((value) => value !== id),
    );

  return (
    <fieldset className="grid gap-3" aria-describedby={refusal ? `${baseId}-error` : undefined}>
      <legend className="mb-2 text-sm text-muted-foreground">
        Choose who sees this pin. Leave all unchecked to reach everyone.
      </legend>
      {identifiers.length === 0 ? (
        <p className="text-muted-foreground">No audience segments are available.</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {identifiers.map((identifier) => {
            const id = `${baseId}-${identifier.id}`;
            return (
              <div
                key={identifier.id}
                className="flex items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
              >
                <Checkbox
                  id={id}
                  className="mt-1"
                  checked={selected.includes(identifier.id)}
                  onCheckedChange={(checked) => toggle(identifier.id, checked === true)}
                  aria-describedby={identifier.description ? `${id}-description` : undefined}
                />
                <div className="grid gap-0.5 text-sm">
                  <label htmlFor={id} className="font-medium">
                    {identifier.icon && (
                      <span aria-hidden="true" className="mr-1">
                        {identifier.icon}
                      </span>
                    )}
                    {identifier.name}
                  </label>
                  <span className="text-xs text-muted-foreground">
                    {capitalize(identifier.category)}
                  </span>
                  {identifier.description && (
                    <span id={`${id}-description`} className="text-muted-foreground">
                      {identifier.description}
                    </span>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      )}
      {refusal && (
        <p id={`${baseId}-error`} className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      )}
    </fieldset>
  );
}
