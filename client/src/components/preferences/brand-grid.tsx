import { Check } from 'lucide-react';
import { logoEmoji } from '@shared/constants';
import { useBrands } from '@/api/get-brands';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Toggle } from '@/components/ui/toggle';

type BrandGridProps = {
  labelledBy: string;
  describedBy: string | undefined;
  selected: string[];
  onToggle: (brandId: string) => void;
};

/** Favourite brands as a grid of toggles (logo and name), as registration and Settings offer them. */
export function BrandGrid({ labelledBy, describedBy, selected, onToggle }: BrandGridProps) {
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
