import { and, eq } from 'drizzle-orm';
import { type StoreOption, stores } from '@shared/schema/locations';
import { type Database } from '../../db/client';
import { cacheCatalogue } from './catalogue-cache';
import { compareLabels } from './compare-labels';
import { requireKnownBrand } from './require-known-brand';

/** A brand's stores in one city, labelled "name — street", sorted; the value is the locationId. */
export async function listStores(
  db: Database,
  brand: string,
  state: string,
  city: string,
): Promise<StoreOption[]> {
  requireKnownBrand(brand);
  return loadStores(db, brand, state, city);
}

const loadStores = cacheCatalogue(
  async (db: Database, brand: string, state: string, city: string): Promise<StoreOption[]> => {
    const rows = await db
      .select({
        id: stores.id,
        name: stores.name,
        street: stores.street,
        lat: stores.lat,
        lng: stores.lng,
      })
      .from(stores)
      .where(and(eq(stores.brandId, brand), eq(stores.state, state), eq(stores.city, city)));
    return rows
      .map((row) => ({
        value: row.id,
        label: `${row.name} — ${row.street}`,
        details: { coordinates: { lat: row.lat, lng: row.lng } },
      }))
      .sort((a, b) => compareLabels(a, b) || a.value - b.value);
  },
);
