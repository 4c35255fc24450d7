import { useFormContext, useWatch } from 'react-hook-form';
import { brandDisplayName } from '@shared/constants';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { capitalize } from '@/lib/format';
import { useLocationBrands } from '../../api/get-location-brands';
import { useLocationCities } from '../../api/get-location-cities';
import { useLocationStates } from '../../api/get-location-states';
import { useLocationStores } from '../../api/get-location-stores';
import { type PinWizardValues } from '../pin-wizard-values';
import { PinPlaceMap } from './pin-place-map';

type Option = { value: string; label: string };

type CascadeSelectProps = {
  name: 'brand' | 'state' | 'city' | 'locationId';
  label: string;
  options: Option[];
  /** Shown (and the select disabled) while there is nothing to choose. */
  unavailable: string | null;
  placeholder: string;
  /** The fields below this one, cleared when it changes. */
  dependents: ReadonlyArray<'state' | 'city' | 'locationId'>;
};

function CascadeSelect({
  name,
  label,
  options,
  unavailable,
  placeholder,
  dependents,
}: CascadeSelectProps) {
  const { control, setValue } = useFormContext<PinWizardValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <NativeSelect
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={unavailable ? '' : field.value}
              disabled={unavailable !== null}
              onChange={(event) => {
                field.onChange(event.target.value);
                // A new parent makes every choice below it meaningless.
                for (const child of dependents) setValue(child, '');
              }}
            >
              <option value="" disabled>
                {unavailable ?? placeholder}
              </option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Step 1: brand → state → city → store, each waiting for its parent; the store on the map. */
export function LocationStep() {
  const { control } = useFormContext<PinWizardValues>();
  const [brand, state, city] = useWatch({ control, name: ['brand', 'state', 'city'] });
  const brands = useLocationBrands();
  const states = useLocationStates(brand);
  const cities = useLocationCities(brand, state);
  const stores = useLocationStores(brand, state, city);

  // A brand the catalogue has no display name for still reads as a name: capitalised.
  const brandOptions = (brands.data ?? []).map((id) => ({
    value: id,
    label: capitalize(brandDisplayName(id)),
  }));
  const storeOptions = (stores.data ?? []).map((store) => ({
    value: String(store.value),
    label: store.label,
  }));

  return (
    <div className="grid gap-4">
      <CascadeSelect
        name="brand"
        label="Brand"
        options={brandOptions}
        unavailable={
          brands.isPending
            ? 'Loading brands...'
            : brandOptions.length === 0
              ? 'No brands available'
              : null
        }
        placeholder="Select a brand"
        dependents={['state', 'city', 'locationId']}
      />
      <CascadeSelect
        name="state"
        label="State"
        options={states.data ?? []}
        unavailable={
          !brand
            ? 'Select a brand first'
            : states.isPending
              ? 'Loading states...'
              : states.data?.length === 0
                ? 'No states available for this brand'
                : null
        }
        placeholder="Select a state"
        dependents={['city', 'locationId']}
      />
      <CascadeSelect
        name="city"
        label="City"
        options={cities.data ?? []}
        unavailable={
          !state
            ? 'Select a state first'
            : cities.isPending
              ? 'Loading cities...'
              : cities.data?.length === 0
                ? 'No cities available for this state'
                : null
        }
        placeholder="Select a city"
        dependents={['locationId']}
      />
      <CascadeSelect
        name="locationId"
        label="Store Location"
        options={storeOptions}
        unavailable={
          !city
            ? 'Select a city first'
            : stores.isPending
              ? 'Loading stores...'
              : storeOptions.length === 0
                ? 'No stores available in this city'
                : null
        }
        placeholder="Select a store"
        dependents={[]}
      />
      <PinPlaceMap />
    </div>
  );
}
