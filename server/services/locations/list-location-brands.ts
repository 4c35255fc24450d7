import { asc, eq, exists } from 'drizzle-orm';
import { brands } from '@shared/tables/brands';
import { stores } from '@shared/tables/locations';
import { type Database } from '../../db/client';
import { cacheCatalogue } from './catalogue-cache';

/** The ids of the brands that have at least one store, sorted. */
export const listLocationBrands = cacheCatalogue(async (db: Database): Promise<string[]> => {
  // One index probe per brand instead of a DISTINCT over every store.
  const rows = await db
    .select({ id: brands.id })
    .from(brands)
    .where(exists(db.select({ id: stores.id }).from(stores).where(eq(stores.brandId, brands.id))))
    .orderBy(asc(brands.id));
  return rows.map((row) => row.id);
});
