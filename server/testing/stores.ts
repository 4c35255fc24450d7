import { stores } from '@shared/tables/locations';
import { type Database } from '../db/client';

/** Two real stores (from the catalogue) for tests that do not need all 25,717. */
export async function insertTestStores(db: Database) {
  const rows = await db
    .insert(stores)
    .values([
      {
        brandId: 'starbucks',
        storeNumber: 'test-10226-103425',
        name: 'Boylston & Mass Ave',
        street: '1126 Boylston St',
        city: 'Boston',
        state: 'MA',
        postcode: '02215',
        lat: 42.347,
        lng: -71.087,
      },
      {
        brandId: 'dunkin',
        storeNumber: 'test-300178',
        name: "Dunkin' Donuts",
        street: '99 High St',
        city: 'Danvers',
        state: 'MA',
        postcode: '01923',
        lat: 42.559575,
        lng: -70.931239,
      },
    ])
    .onConflictDoNothing()
    .returning({ id: stores.id, brandId: stores.brandId });
  const starbucks = rows.find((row) => row.brandId === 'starbucks');
  const dunkin = rows.find((row) => row.brandId === 'dunkin');
  if (!starbucks || !dunkin) throw new Error('test stores were not inserted');
  return { starbucks: starbucks.id, dunkin: dunkin.id };
}
