import { Check } from 'lucide-react';
import { useId, type FormEvent, type RefObject } from 'react';
import { logoEmoji } from '@shared/constants';
import { useBrands } from '@/api/get-brands';
import { useIdentifiers } from '@/api/get-identifiers';
import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Toggle } from '@/components/ui/toggle';

type ConsumerPreferencesStepProps = {
  headingRef: RefObject<HTMLHeadingElement | null>;
  selectedBrands: string[];
  onToggleBrand: (brandId: string) => void;
  brandError: string | null;
  selectedIdentifiers: number[];
  onToggleIdentifier: (identifierId: number) => void;
  onBack: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
};

/** Consumer registration step 2: favourite brands and personal identifiers. */
export function ConsumerPreferencesStep({
  headingRef,
  selectedBrands,
  onToggleBrand,
  brandError,
  selectedIdentifiers,
  onToggleIdentifier,
  onBack,
  onSubmit,
  isPending,
}: ConsumerPreferencesStepProps) {
  const id = useId();

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <div className="grid gap-1">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-hidden">
          Customize Your Experience
        </h2>
        <p className="text-sm text-muted-foreground">
          Select your interests to receive personalized offers
        </p>
      </div>

      <section aria-labelledby={`${id}-brands`} className="grid gap-3">
        <h3 id={`${id}-brands`} className="text-base font-semibold">
          Favourite Brands
        </h3>
        <BrandGrid
          labelledBy={`${id}-brands`}
          describedBy={brandError ? `${id}-brand-error` : undefined}
          selected={selectedBrands}
          onToggle={onToggleBrand}
        />
        {brandError && (
          <p id={`${id}-brand-error`} className="text-sm font-medium text-destructive">
            {brandError}
          </p>
        )}
      </section>

      <section aria-labelledby={`${id}-identifiers`} className="grid gap-3">
        <h3 id={`${id}-identifiers`} className="text-base font-semibold">
          Personal Identifiers
        </h3>
        <IdentifierList
          labelledBy={`${id}-identifiers`}
          selected={selectedIdentifiers}
          onToggle={onToggleIdentifier}
        />
      </section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={isPending}>
          Back
        </Button>
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Creating account...' : 'Complete Registration'}
        </Button>
      </div>
    </form>
  );
}

type BrandGridProps = {
  labelledBy: string;
  describedBy: string | undefined;
  selected: string[];
  onToggle: (brandId: string) => void;
};

function BrandGrid({ labelledBy, describedBy, selected, onToggle }: BrandGridProps) {
  const brands = useBrands();

  if (brands.isPending) {
    return (
      <div
        role="status"
        aria-label="Loading brands"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3"
      >
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} className="h-20" />
        ))}
      </div>
    );
  }
  if (brands.isError) {
    return (
      <ErrorAlert
        message="Failed to fetch brands"
        onRetry={() => void brands.refetch()}
        retrying={brands.isFetching}
      />
    );
  }
  if (brands.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No brands available</p>;
  }

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3"
    >
      {brands.data.map((brand) => {
        const pressed = selected.includes(brand.id);
        return (
          <Toggle
            key={brand.id}
            variant="outline"
            size="auto"
            pressed={pressed}
            onPressedChange={() => onToggle(brand.id)}
            className="relative h-auto flex-col gap-1 py-4"
          >
            {pressed && (
              <Check className="absolute top-2 right-2 text-primary" aria-hidden="true" />
            )}
            <span aria-hidden="true" className="text-2xl leading-none">
              {logoEmoji(brand.logo)}
            </span>
            <span>{brand.name}</span>
          </Toggle>
        );
      })}
    </div>
  );
}

type IdentifierListProps = {
  labelledBy: string;
  selected: number[];
  onToggle: (identifierId: number) => void;
};

function IdentifierList({ labelledBy, selected, onToggle }: IdentifierListProps) {
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
