import { and, eq } from 'drizzle-orm';
import { type StoreOption } from '@shared/schema/locations';
import { stores } from '@shared/tables/locations';
import { type Database } from '../../db/client';
import { asJsonText, type JsonText } from '../../lib/json-text';
import { cacheCatalogue } from './catalogue-cache';
import { compareLabels } from './compare-labels';
import { requireKnownBrand } from './require-known-brand';

/**
 * A brand's stores in one city, labelled "name — street", sorted; the value is the locationId. The
 * answer is kept as its JSON text: a large city's list (New York: 230 stores, 25 kB) cost more to
 * serialise on every request than anything else on its path.
 */
export async function listStores(
  db: Database,
  brand: string,
  state: string,
  city: string,
): Promise<JsonText<StoreOption[]>> {
  requireKnownBrand(brand);
  return loadStores(db, brand, state, city);
}

const loadStores = cacheCatalogue(
  async (
    db: Database,
    brand: string,
    state: string,
    city: string,
  ): Promise<JsonText<StoreOption[]>> => {
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
    const options = rows
      .map((row) => ({
        value: row.id,
        label: `${row.name} — ${row.street}`,
        details: { coordinates: { lat: row.lat, lng: row.lng } },
      }))
      .sort((a, b) => compareLabels(a, b) || a.value - b.value);
    return asJsonText<StoreOption[]>(JSON.stringify(options));
  },
);
