import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { stores } from '@shared/tables/locations';
import { parseCsv } from '../lib/csv';
import { findProjectRoot } from '../lib/project-root';
import { type Database } from './client';
import { queryRows } from './query-rows';

// 25,717 real US stores (see ../shared/data/stores/README.md for sources and rules), shipped with
// the app so that it never reads anything outside the repository at run time.
const CATALOGUE_FILE = path.join(findProjectRoot(), 'server/data/stores.csv');
const EXPECTED_HEADER = 'brand,store_id,name,street,city,state,postcode,lat,lng';

type StoreRow = typeof stores.$inferInsert;

export function readStoreCatalogue(file = CATALOGUE_FILE): StoreRow[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8'));
  if (header?.join(',') !== EXPECTED_HEADER) throw new Error(`Unexpected header in ${file}`);
  return rows.map(([brandId, storeNumber, name, street, city, state, postcode, lat, lng]) => {
    if (
      !brandId ||
      !storeNumber ||
      !name ||
      street === undefined ||
      !city ||
      !state ||
      !lat ||
      !lng
    ) {
      throw new Error(`Incomplete store row in ${file}: ${storeNumber}`);
    }
    return {
      brandId,
      storeNumber,
      name,
      street,
      city,
      state,
      postcode: postcode || null,
      lat: Number(lat),
      lng: Number(lng),
    };
  });
}

/**
 * Loads the catalogue in one statement, in one transaction; rows already present are kept as they are,
 * so the store ids (the pins' locationId) never change. A complete catalogue is left untouched.
 */
export async function seedStoreCatalogue(db: Database): Promise<number> {
  const catalogue = readStoreCatalogue();
  const [present] = await db.select({ total: count() }).from(stores);
  if ((present?.total ?? 0) >= catalogue.length) return 0;
  return db.transaction(async (tx) => {
    // One statement over the whole catalogue as one JSON parameter: far cheaper to send and parse
    // (above all on the embedded database) than batches of thousands of bound values.
    const rows = catalogue.map((store) => ({
      brand_id: store.brandId,
      store_number: store.storeNumber,
      name: store.name,
      street: store.street,
      city: store.city,
      state: store.state,
      postcode: store.postcode ?? null,
      lat: store.lat,
      lng: store.lng,
    }));
    const [result] = await queryRows<{ inserted: number | string }>(
      tx,
      sql`with added as (
        insert into stores (brand_id, store_number, name, street, city, state, postcode, lat, lng)
        select brand_id, store_number, name, street, city, state, postcode, lat, lng
        from json_to_recordset(${JSON.stringify(rows)}::json) as catalogue (
          brand_id text, store_number text, name text, street text, city text, state text,
          postcode text, lat double precision, lng double precision)
        on conflict do nothing
        returning 1)
      select count(*) as inserted from added`,
    );
    const inserted = Number(result?.inserted ?? 0);
    // The embedded database has no autovacuum: without statistics the planner would take the
    // table for a few rows. A real Postgres would get there by itself, a little later.
    if (inserted > 0) await tx.execute(sql`analyze stores`);
    return inserted;
  });
}
