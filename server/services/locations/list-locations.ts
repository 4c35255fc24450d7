import { and, asc, eq } from 'drizzle-orm';
import { brands } from '@shared/schema/brands';
import { type LocationOption, type StoreOption, stores } from '@shared/schema/locations';
import { US_STATES } from '@shared/us-states';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';

// The pin wizard's cascade: brand → state → city → store. Every query filters on a prefix of the
// (brand_id, state, city) index.

async function assertBrand(db: Database, brand: string): Promise<void> {
  const [found] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brand));
  if (!found) {
    const message = `Unknown brand: ${brand}`;
    throw new AppError('VALIDATION', message, { errors: { brand: message } });
  }
}

/** The brands that have stores, as their id strings. */
export async function listLocationBrands(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ brand: stores.brandId })
    .from(stores)
    .orderBy(asc(stores.brandId));
  return rows.map((row) => row.brand);
}

export async function listStates(db: Database, brand: string): Promise<LocationOption[]> {
  await assertBrand(db, brand);
  const rows = await db
    .selectDistinct({ state: stores.state })
    .from(stores)
    .where(eq(stores.brandId, brand));
  return rows
    .map((row) => ({ value: row.state, label: US_STATES[row.state] ?? row.state }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export async function listCities(
  db: Database,
  brand: string,
  state: string,
): Promise<LocationOption[]> {
  await assertBrand(db, brand);
  const rows = await db
    .selectDistinct({ city: stores.city })
    .from(stores)
    .where(and(eq(stores.brandId, brand), eq(stores.state, state)))
    .orderBy(asc(stores.city));
  return rows.map((row) => ({ value: row.city, label: row.city }));
}

export async function listStores(
  db: Database,
  brand: string,
  state: string,
  city: string,
): Promise<StoreOption[]> {
  await assertBrand(db, brand);
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
    .sort((a, b) => a.label.localeCompare(b.label) || a.value - b.value);
}
