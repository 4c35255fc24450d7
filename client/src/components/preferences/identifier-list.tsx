import { Check } from 'lucide-react';
import { useId } from 'react';
import { useIdentifiers } from '@/api/get-identifiers';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Toggle } from '@/components/ui/toggle';

type IdentifierListProps = {
  labelledBy: string;
  selected: number[];
  onToggle: (identifierId: number) => void;
};

/** Personal identifiers as a list of toggles (icon, name, description). */
export function IdentifierList({ labelledBy, selected, onToggle }: IdentifierListProps) {
  const identifiers = useIdentifiers();
  const id = useId();

  if (identifiers.isPending) {
    return (
      <div role="status" aria-label="Loading identifiers" className="grid gap-2">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-16" />
        ))}
      </div>
    );
  }
  if (identifiers.isError) {
    return (
      <ErrorAlert
        message="Failed to fetch identifiers"
        onRetry={() => void identifiers.refetch()}
        retrying={identifiers.isFetching}
      />
    );
  }
  if (identifiers.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No identifiers available</p>;
  }

  return (
    <ul aria-labelledby={labelledBy} className="grid gap-2">
      {identifiers.data.map((identifier) => {
        const pressed = selected.includes(identifier.id);
        const nameId = `${id}-${identifier.id}-name`;
        const descriptionId = `${id}-${identifier.id}-description`;
        return (
          <li key={identifier.id}>
            <Toggle
              variant="outline"
              size="auto"
              pressed={pressed}
              onPressedChange={() => onToggle(identifier.id)}
              aria-labelledby={nameId}
              aria-describedby={identifier.description ? descriptionId : undefined}
              className="h-auto w-full justify-start gap-3 text-left whitespace-normal"
            >
              <span aria-hidden="true" className="text-2xl leading-none">
                {identifier.icon ?? '🏷️'}
              </span>
              <span className="grid flex-1 gap-0.5">
                <span id={nameId} className="font-medium">
                  {identifier.name}
                </span>
                {identifier.description && (
                  <span id={descriptionId} className="text-sm font-normal text-muted-foreground">
                    {identifier.description}
                  </span>
                )}
              </span>
              {pressed && <Check className="text-primary" aria-hidden="true" />}
            </Toggle>
          </li>
        );
      })}
    </ul>
  );
}
