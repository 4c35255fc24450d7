import { eq } from 'drizzle-orm';
import { type LocationOption } from '@shared/schema/locations';
import { stores } from '@shared/tables/locations';
import { US_STATES } from '@shared/us-states';
import { type Database } from '../../db/client';
import { cacheCatalogue } from './catalogue-cache';
import { compareLabels } from './compare-labels';
import { requireKnownBrand } from './require-known-brand';

/** The states where a brand has stores, as {value: 'CA', label: 'California'}, sorted by name. */
export async function listStates(db: Database, brand: string): Promise<LocationOption[]> {
  requireKnownBrand(brand);
  return loadStates(db, brand);
}

const loadStates = cacheCatalogue(async (db: Database, brand: string) => {
  const rows = await db
    .selectDistinct({ state: stores.state })
    .from(stores)
    .where(eq(stores.brandId, brand));
  return rows
    .map((row) => ({ value: row.state, label: US_STATES[row.state] ?? row.state }))
    .sort(compareLabels);
});
