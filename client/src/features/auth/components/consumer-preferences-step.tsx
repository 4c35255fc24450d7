import { useId, type FormEvent, type RefObject } from 'react';
import { BrandGrid } from '@/components/preferences/brand-grid';
import { IdentifierList } from '@/components/preferences/identifier-list';
import { Button } from '@/components/ui/button';

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
