import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/** Real US store locations (seeded from server/data/stores.csv); `id` is a pin's `locationId`. */
export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The source's own store id, unique within a brand only. */
    storeNumber: text('store_number').notNull(),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    /** USPS code of one of the 50 states or DC. */
    state: text('state').notNull(),
    postcode: text('postcode'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (table) => [
    uniqueIndex('stores_brand_store_number_idx').on(table.brandId, table.storeNumber),
    // The cascade: brand → states → cities → stores, each answered from this one index.
    index('stores_brand_state_city_idx').on(table.brandId, table.state, table.city),
    index('stores_lat_lng_idx').on(table.lat, table.lng),
  ],
);
