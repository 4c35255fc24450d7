import { brandDisplayName } from '@shared/constants';
import { Toggle } from '@/components/ui/toggle';

type BrandFilterProps = {
  brands: string[];
  /** The chosen brand id, or null for all brands. */
  selected: string | null;
  onSelect: (brand: string | null) => void;
};

const chipClassName = 'rounded-full';

/** 'All Brands' plus one toggle chip per brand on offer; pressing a chosen brand again shows all. */
export function BrandFilter({ brands, selected, onSelect }: BrandFilterProps) {
  // The chosen brand keeps its chip even when the offers no longer include it.
  const chips = selected && !brands.includes(selected) ? [...brands, selected] : brands;

  return (
    <div role="group" aria-label="Filter by brand" className="flex flex-wrap gap-2">
      <Toggle
        variant="outline"
        size="sm"
        className={chipClassName}
        pressed={selected === null}
        onPressedChange={() => onSelect(null)}
      >
        All Brands
      </Toggle>
      {chips.map((brand) => (
        <Toggle
          key={brand}
          variant="outline"
          size="sm"
          className={chipClassName}
          pressed={selected === brand}
          onPressedChange={(pressed) => onSelect(pressed ? brand : null)}
        >
          {brandDisplayName(brand)}
        </Toggle>
      ))}
    </div>
  );
}
