import { useFormContext, useWatch } from 'react-hook-form';
import { type StoreOption } from '@shared/schema/locations';
import { useLocationStores } from '../../api/get-location-stores';
import { type PinWizardValues } from '../pin-wizard-values';

/** The store chosen on step 1, from the same cached list its select shows; undefined until then. */
export function useChosenStore(): StoreOption | undefined {
  const { control } = useFormContext<PinWizardValues>();
  const [brand, state, city, locationId] = useWatch({
    control,
    name: ['brand', 'state', 'city', 'locationId'],
  });
  const stores = useLocationStores(brand, state, city);
  if (!locationId) return undefined;
  return stores.data?.find((store) => String(store.value) === locationId);
}
