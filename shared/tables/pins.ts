import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PIN_STATUSES } from '../constants';
import { brands } from './brands';
import { identifiers } from './identifiers';
import { stores } from './locations';
import { users } from './users';

/**
 * A pin's reach box and its point on a Mercator map, as the SQL functions `pin_reach` and
 * `map_point` (migration 0020) compute them: the index is built on these calls and every query
 * that searches it spells them the same way, so each is written once, in SQL.
 */
export const pinReach = (lat: SQLWrapper, lng: SQLWrapper, radiusMiles: SQLWrapper): SQL =>
  sql`pin_reach(${lat}, ${lng}, ${radiusMiles})`;

export const mapPoint = (lat: SQLWrapper, lng: SQLWrapper): SQL => sql`map_point(${lat}, ${lng})`;

/** A business's gift-card offer on one store; its value is reserved from the business's funds. */
export const pins = pgTable(
  'pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => stores.id),
    valueCents: integer('value_cents').notNull(),
    quantity: integer('quantity').notNull(),
    remaining: integer('remaining').notNull(),
    radiusMiles: integer('radius_miles').notNull(),
    /** Copied from the store row, never from the client. */
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    promotionMessage: text('promotion_message').notNull().default(''),
    showBusinessInfo: boolean('show_business_info').notNull().default(true),
    status: text('status', { enum: PIN_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The identifiers the pin is aimed at, ascending ('{}': offered to everyone): a copy of its
     * `pin_identifiers` rows kept by triggers on that table (migration 0015), so the marketplace
     * reads targeting from the pin row itself. Never written by the app.
     */
    targetIdentifierIds: integer('target_identifier_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (table) => [
    check(
      'pins_remaining_check',
      sql`${table.remaining} >= 0 and ${table.remaining} <= ${table.quantity}`,
    ),
    check('pins_value_check', sql`${table.valueCents} > 0`),
    index('pins_business_created_idx').on(table.businessId, table.createdAt, table.id),
    index('pins_status_expires_idx').on(table.status, table.expiresAt),
    // The marketplace finds the pins that can reach a consumer's location by their reach box,
    // nearest first (a KNN scan ordered by the second column, which stops at the cap): see
    // offered_pins and marketplace_nearby (migration 0020).
    index('pins_active_reach_nearest_idx')
      .using(
        'gist',
        pinReach(table.lat, table.lng, table.radiusMiles),
        mapPoint(table.lat, table.lng),
      )
      .where(sql`${table.status} = 'active'`),
    // Without a location, the marketplace reads the newest offers overall and of each favourite
    // brand (marketplace_newest, migration 0020).
    index('pins_active_newest_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'active'`),
    index('pins_active_brand_newest_idx')
      .on(table.brandId, table.createdAt, table.id)
      .where(sql`${table.status} = 'active'`),
  ],
);

/**
 * Each business's value issued (value × quantity of every pin it did not cancel), for the
 * dashboard's rank. Kept by triggers on `pins` (migration 0010) in the statement that creates,
 * cancels or changes a pin; a row only while the total is above zero.
 */
export const businessIssuedTotals = pgTable(
  'business_issued_totals',
  {
    businessId: integer('business_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedCents: bigint('issued_cents', { mode: 'number' }).notNull(),
  },
  (table) => [index('business_issued_totals_rank_idx').on(table.issuedCents)],
);

export const pinIdentifiers = pgTable(
  'pin_identifiers',
  {
    pinId: integer('pin_id')
      .notNull()
      .references(() => pins.id, { onDelete: 'cascade' }),
    identifierId: integer('identifier_id')
      .notNull()
      .references(() => identifiers.id),
  },
  (table) => [
    primaryKey({ columns: [table.pinId, table.identifierId] }),
    // The newest pins aimed at an identifier (pin ids grow with creation): marketplace_newest.
    index('pin_identifiers_identifier_pin_idx').on(table.identifierId, table.pinId),
  ],
);
