import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { USER_TYPES } from '../constants';
import { brands } from './brands';
import { identifiers } from './identifiers';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: USER_TYPES }).notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The person's full name, or the business name for businesses. */
    name: text('name').notNull(),
    /** Normalised phone number (consumers). */
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    verified: boolean('verified').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A business's contact address for customers (never the sign-in e-mail). */
    contactEmail: text('contact_email'),
    /** A business's website, as an absolute http(s) URL. */
    website: text('website'),
    /** A business's short description. */
    description: text('description'),
    /** When the password last changed (sessions proven before it end). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The TOTP secret (base32) once two-factor is on or being enrolled; never in an answer. */
    totpSecret: text('totp_secret'),
    /** When two-factor was turned on; null while off (a secret alone is an unfinished enrolment). */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so that a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /**
     * The wallet PIN (6 digits) that proves who you are at a counter, as a password hash; null
     * when none is set.
     */
    walletPinHash: text('wallet_pin_hash'),
    /** Wrong wallet PINs since the last proof; at five, only the password or a code proves. */
    walletPinFailures: integer('wallet_pin_failures').notNull().default(0),
    /** When the account was deleted: its personal fields are erased, its money records kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    // Prefix searches (user search) on username and name, whatever the database collation.
    index('users_username_prefix_idx').on(sql`lower(${table.username}) text_pattern_ops`),
    index('users_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    check('users_type_check', sql`${table.type} in ('consumer', 'business')`),
  ],
);

export const userBrands = pgTable(
  'user_brands',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.brandId] }),
    // Newest people per brand first (friend suggestions read a few per brand).
    index('user_brands_brand_user_idx').on(table.brandId, table.userId),
  ],
);

export const userIdentifiers = pgTable(
  'user_identifiers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identifierId: integer('identifier_id')
      .notNull()
      .references(() => identifiers.id),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.identifierId] }),
    index('user_identifiers_identifier_idx').on(table.identifierId),
  ],
);
