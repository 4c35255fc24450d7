import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  GIFT_CARD_ACTIVITY_KINDS,
  GIFT_CARD_SOURCES,
  GIFT_CARD_STATUSES,
  GIFT_KINDS,
  GIFT_REQUEST_STATUSES,
} from '../constants';
import { brands } from './brands';
import { ledgerTransactions } from './ledger';
import { stores } from './locations';
import { pins } from './pins';
import { users } from './users';

/**
 * A gift card a consumer holds. Its balance lives in its own ledger account (kind `gift_card`),
 * so the ledger is the one record of value; this row holds who owns it and what state it is in.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    /** The value the card was issued with, in cents. */
    valueCents: integer('value_cents').notNull(),
    /** Secret: shown in full only to the owner; replaced whenever the card changes hands. */
    code: text('code').notNull(),
    status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    source: text('source', { enum: GIFT_CARD_SOURCES }).notNull(),
    /** Who the owner got it from: the business for a claim, the friend or guest for a gift. */
    senderName: text('sender_name').notNull(),
    /** The message of whoever gave the card to its holder ('' for none). */
    message: text('message').notNull().default(''),
    /** Set for promotional cards, which a business's pin issued; a paid card has none. */
    pinId: integer('pin_id').references(() => pins.id, { onDelete: 'restrict' }),
    /** The consumer who claimed it from the pin (stays when the card is gifted on). */
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'restrict' }),
    /** The business whose pin issued it, for the business's "Manage Gift Cards". */
    businessId: integer('business_id').references(() => users.id, { onDelete: 'restrict' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the holder was reminded that the card expires soon (once per card). */
    expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('gift_cards_value_check', sql`${table.valueCents} > 0`),
    uniqueIndex('gift_cards_code_idx').on(table.code),
    // At most one claim per consumer per pin, whatever the concurrency.
    uniqueIndex('gift_cards_pin_claim_idx')
      .on(table.pinId, table.claimedBy)
      .where(sql`${table.pinId} is not null`),
    // A consumer's claims, read at once (the marketplace leaves out the pins already claimed).
    index('gift_cards_claimant_idx')
      .on(table.claimedBy, table.pinId)
      .where(sql`${table.claimedBy} is not null`),
    index('gift_cards_owner_idx').on(table.ownerId, table.status, table.expiresAt, table.id),
    index('gift_cards_business_idx').on(table.businessId, table.createdAt, table.id),
    index('gift_cards_status_expires_idx').on(table.status, table.expiresAt),
    // A business's promotional cards still active: the value chart finds those past their expiry
    // that the expiry sweep has not settled yet without reading the business's other cards.
    index('gift_cards_business_active_expires_idx')
      .on(table.businessId, table.expiresAt)
      .where(sql`${table.status} = 'active' and ${table.businessId} is not null`),
  ],
);

/** A gift transaction: a card given to a consumer by a friend or by a guest. */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: GIFT_KINDS }).notNull(),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'restrict' }),
    /** A guest sender's e-mail (guest gifts only). */
    senderEmail: text('sender_email'),
    senderName: text('sender_name').notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    valueCents: integer('value_cents').notNull(),
    message: text('message').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    /**
     * Whether the gift counts on the leaderboard: only the first time a card is given by anyone,
     * so a card passed back and forth is not counted again each time. Decided by the statement
     * that inserts the gift, under the card's row lock the gift already holds.
     */
    scores: boolean('scores').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('gifts_value_check', sql`${table.valueCents} > 0`),
    index('gifts_sender_created_idx').on(table.senderId, table.createdAt, table.id),
    index('gifts_recipient_created_idx').on(table.recipientId, table.createdAt, table.id),
    // The leaderboard sums a period's gifts per sender: one range scan, index-only.
    // A guest's retry with the same Idempotency-Key gives one card.
    uniqueIndex('gifts_guest_idempotency_idx')
      .on(table.senderEmail, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    // Whether a card was given before: a new gift scores on the leaderboard only if not.
    index('gifts_card_idx').on(table.giftCardId, table.createdAt, table.id),
    index('gifts_leaderboard_idx')
      .on(table.createdAt, table.senderId, table.valueCents)
      .where(sql`${table.senderId} is not null`),
  ],
);

/** A consumer asking another consumer for a gift card. */
export const giftRequests = pgTable(
  'gift_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The consumer who is asked. */
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').references(() => brands.id),
    amountCents: integer('amount_cents'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: GIFT_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (table) => [
    index('gift_requests_recipient_idx').on(
      table.recipientId,
      table.status,
      table.createdAt,
      table.id,
    ),
    // One pending request per requester and asked consumer, whatever the concurrency.
    uniqueIndex('gift_requests_pending_pair_idx')
      .on(table.requesterId, table.recipientId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * A card's history, one row per event, written in the transaction that made it: issued, given on,
 * spent at a business's store, expired, refunded, reissued. Holders and the businesses that
 * issued or redeemed a card read it; receipts read the row of their ledger movement.
 */
export const giftCardActivities = pgTable(
  'gift_card_activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: GIFT_CARD_ACTIVITY_KINDS }).notNull(),
    /** The value the event moved, in cents (0 when none moved, as for a transfer). */
    amountCents: integer('amount_cents').notNull().default(0),
    /** What the card held after the event, in cents. */
    balanceAfterCents: integer('balance_after_cents').notNull(),
    /** Who acted (the buyer, the giver, the redeeming business); null for a guest or the system. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    actorName: text('actor_name').notNull().default(''),
    /** Who the card went to (issue and transfer). */
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The business the value went to or came from (spend, refund, a pin's issue). */
    businessId: integer('business_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The store where it was spent, or whose pin issued it. */
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'restrict' }),
    message: text('message').notNull().default(''),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gift_card_activities_card_idx').on(table.giftCardId, table.createdAt, table.id),
    // Who held a card at an event (its last issue or transfer before it): one index probe however
    // many spends the card has had, where the index above walks back through all of them.
    index('gift_card_activities_holder_idx')
      .on(table.giftCardId, table.createdAt, table.id)
      .where(sql`${table.kind} in ('issued', 'transferred')`),
    index('gift_card_activities_business_idx')
      .on(table.businessId, table.giftCardId)
      .where(sql`${table.businessId} is not null`),
    uniqueIndex('gift_card_activities_transaction_idx')
      .on(table.ledgerTransactionId)
      .where(sql`${table.ledgerTransactionId} is not null`),
  ],
);

/**
 * What happened on one UTC day to the promotional cards a business's pins issued, for its
 * dashboard charts: spends (how many, and their value), the value on cards when they expired, and
 * the value given back to the business at expiry. Kept by statement triggers on
 * `gift_card_activities` (migrations 0027 and 0031) in the statement that writes the history, so
 * a chart reads a business's days instead of the history of every card it ever issued. A row only
 * while one of its numbers is not zero.
 */
export const businessCardDays = pgTable(
  'business_card_days',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    redemptions: integer('redemptions').notNull(),
    redeemedCents: bigint('redeemed_cents', { mode: 'number' }).notNull(),
    /** What cards still held when they expired (the sweep marks them and writes 'expired'). */
    expiredCents: bigint('expired_cents', { mode: 'number' }).notNull(),
    returnedCents: bigint('returned_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.day] })],
);

/**
 * How many of a pin's cards have been spent at least once, for the business's pin list. Kept by
 * statement triggers on `gift_card_activities` (migration 0030) in the statement that writes a
 * spend, so the list reads one row per pin instead of the history of every card the pin issued.
 * A row only while the count is above zero.
 */
export const pinRedeemedCards = pgTable('pin_redeemed_cards', {
  pinId: integer('pin_id')
    .primaryKey()
    .references(() => pins.id, { onDelete: 'cascade' }),
  cards: integer('cards').notNull(),
});

/**
 * The short-lived code a holder shows at the counter (as a QR code and as text). A new one is
 * made every minute; a code works until it expires or is used once, so a screenshot is useless.
 */
export const redemptionCodes = pgTable(
  'redemption_codes',
  {
    code: text('code').primaryKey(),
    giftCardId: integer('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('redemption_codes_card_idx').on(table.giftCardId),
    index('redemption_codes_expires_idx').on(table.expiresAt),
  ],
);

/**
 * What moved value in or out of a user's wallet through their gift cards, one row each: a gift
 * card they gave ('gift_sent') or were given ('gift_received'), and what left a card while they
 * held it: a spend at a counter ('redeem') or an expired card's value going back to its business
 * ('card_expiry'). Those last two are the business's ledger transactions, so they are not in the
 * user's own ledger. Kept by statement triggers on `gifts` and `gift_card_activities` (migration
 * 0035) in the statement that writes the gift or the event, with the card's holder at that moment,
 * so a wallet's history pages through one index range of its user instead of reading every gift
 * and every event of every card the user ever held. Rows are only inserted and deleted: no row is
 * shared, so two statements never wait for each other here.
 */
export const walletCardMovements = pgTable(
  'wallet_card_movements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The wallet line's id: 'gs' or 'gr' and the gift's id, 't' and the ledger transaction's id
     * (or 'a' and the event's id for an event with none). */
    entryId: text('entry_id').notNull(),
    kind: text('kind', {
      enum: ['gift_sent', 'gift_received', 'redeem', 'card_expiry'],
    }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    giftId: integer('gift_id').references(() => gifts.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id').references(() => giftCardActivities.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.createdAt, table.entryId] }),
    index('wallet_card_movements_gift_idx')
      .on(table.giftId)
      .where(sql`${table.giftId} is not null`),
    index('wallet_card_movements_activity_idx')
      .on(table.activityId)
      .where(sql`${table.activityId} is not null`),
  ],
);
