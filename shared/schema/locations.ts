import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { US_STATES } from '../us-states';
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

export type LocationOption = { value: string; label: string };
export type StoreOption = {
  value: number;
  label: string;
  details: { coordinates: { lat: number; lng: number } };
};

// ---------------------------------------------------------------------------------------------
// Query schemas of the cascade: brand → state → city → store
// ---------------------------------------------------------------------------------------------

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);

const stateCode = z
  .string({ error: 'state is required' })
  .trim()
  .min(1, 'state is required')
  .transform((value) => value.toUpperCase())
  .refine((value) => Object.hasOwn(US_STATES, value), 'state must be a US state code such as CA');

export const statesQuerySchema = z.object({ brand: required('brand') });
export const citiesQuerySchema = z.object({ brand: required('brand'), state: stateCode });
export const storesQuerySchema = z.object({
  brand: required('brand'),
  state: stateCode,
  city: required('city'),
});
