import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A card a user saved for later payments. Only the payment provider's token and what may be shown
 * (brand, last four digits, expiry) are kept: the card number never reaches this app.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's reusable token for the card. */
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_methods_user_idx').on(table.userId, table.createdAt, table.id),
    uniqueIndex('payment_methods_token_idx').on(table.userId, table.providerToken),
    // At most one default card per user, whatever the concurrency.
    uniqueIndex('payment_methods_default_idx')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);

/**
 * Where a business's withdrawals are paid: the provider's reference for the bank account and
 * the last four digits to show. The full routing and account numbers are never kept.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  providerReference: text('provider_reference').notNull(),
  holderName: text('holder_name').notNull(),
  accountLast4: text('account_last4').notNull(),
  routingLast4: text('routing_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test-mode payment provider's own vault: what a token stands for. A real processor keeps
 * this on its side; the test provider keeps only what a processor would tell a merchant (brand,
 * last four, expiry) and whether the test card number was the one that is always declined.
 */
export const testPaymentTokens = pgTable('test_payment_tokens', {
  token: text('token').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  declines: boolean('declines').notNull().default(false),
  /**
   * A token from tokenisation pays once, within 15 minutes of being made (a token seen in a log
   * or a replayed request pays nothing); saving a card exchanges it for a reusable one, which a
   * saved card keeps, and which the browser never sees.
   */
  reusable: boolean('reusable').notNull().default(false),
  /** When a one-time token paid, or was exchanged for a reusable one. */
  usedAt: timestamp('used_at', { withTimezone: true }),
  /** For a reusable token: the one-time token it was exchanged for (a retried save finds it). */
  sourceToken: text('source_token').unique('test_payment_tokens_source_idx'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The test-mode provider's record of charges, so that it behaves as processors do: a charge
 * sent again with the same idempotency key is the same charge, never a second one, and a charge
 * can be refunded.
 */
export const testPaymentCharges = pgTable(
  'test_payment_charges',
  {
    reference: text('reference').primaryKey(),
    idempotencyKey: text('idempotency_key'),
    token: text('token').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('test_payment_charges_idempotency_idx')
      .on(table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
  ],
);
