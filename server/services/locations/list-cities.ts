import { and, eq } from 'drizzle-orm';
import { type LocationOption } from '@shared/schema/locations';
import { stores } from '@shared/tables/locations';
import { type Database } from '../../db/client';
import { cacheCatalogue } from './catalogue-cache';
import { compareLabels } from './compare-labels';
import { requireKnownBrand } from './require-known-brand';

/** The cities of a state where a brand has stores, sorted; empty when there are none. */
export async function listCities(
  db: Database,
  brand: string,
  state: string,
): Promise<LocationOption[]> {
  requireKnownBrand(brand);
  return loadCities(db, brand, state);
}

const loadCities = cacheCatalogue(async (db: Database, brand: string, state: string) => {
  const rows = await db
    .selectDistinct({ city: stores.city })
    .from(stores)
    .where(and(eq(stores.brandId, brand), eq(stores.state, state)));
  return rows.map((row) => ({ value: row.city, label: row.city })).sort(compareLabels);
});
