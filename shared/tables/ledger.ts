import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  LEDGER_ACCOUNT_KINDS,
  LEDGER_TRANSACTION_KINDS,
  LEDGER_TRANSACTION_STATUSES,
} from '../constants';
import { users } from './users';

/**
 * The double-entry ledger's accounts, transactions and entries; how each kind of account keeps its
 * balance is told at LEDGER_ACCOUNT_KINDS (shared/schema/ledger.ts).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    pinId: integer('pin_id'),
    giftCardId: integer('gift_card_id'),
    systemCode: text('system_code'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'ledger_accounts_balance_check',
      sql`${table.kind} = 'system' or ${table.balanceCents} >= 0`,
    ),
    uniqueIndex('ledger_accounts_user_funds_idx')
      .on(table.userId)
      .where(sql`${table.kind} = 'user_funds'`),
    uniqueIndex('ledger_accounts_pin_idx')
      .on(table.pinId)
      .where(sql`${table.pinId} is not null`),
    uniqueIndex('ledger_accounts_gift_card_idx')
      .on(table.giftCardId)
      .where(sql`${table.giftCardId} is not null`),
    uniqueIndex('ledger_accounts_system_idx')
      .on(table.systemCode)
      .where(sql`${table.systemCode} is not null`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    /** Whose action this was; the wallet lists a user's transactions by it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The value moved, in cents (always positive; direction follows from the kind). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: LEDGER_TRANSACTION_STATUSES }).notNull().default('completed'),
    pinId: integer('pin_id'),
    giftCardId: integer('gift_card_id'),
    idempotencyKey: text('idempotency_key'),
    /** The payment provider's reference for card payments and payouts. */
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transactions_idempotency_idx')
      .on(table.userId, table.idempotencyKey)
      .where(sql`${table.idempotencyKey} is not null`),
    index('ledger_transactions_user_created_idx').on(table.userId, table.createdAt, table.id),
    index('ledger_transactions_pin_idx').on(table.pinId),
    index('ledger_transactions_gift_card_idx')
      .on(table.giftCardId)
      .where(sql`${table.giftCardId} is not null`),
  ],
);

/**
 * A user's ledger transactions added up per UTC month, for the wallet's summary: how many, the
 * claims among them (count and value), and their value by direction (what comes in, a spend at
 * the user's counter, what goes out). Kept by statement triggers on `ledger_transactions`
 * (migration 0033) in the statement that records a transaction, so the wallet of a business
 * with millions of spends at its counters reads a row per month instead of every transaction.
 * A row only while one of its numbers is not zero.
 */
export const walletLedgerMonths = pgTable(
  'wallet_ledger_months',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The first day of the UTC month. */
    month: date('month').notNull(),
    movements: integer('movements').notNull(),
    claims: integer('claims').notNull(),
    claimCents: bigint('claim_cents', { mode: 'number' }).notNull(),
    /** Kinds that come into the wallet: a top-up, a pin's refund, a claim, an expired card's value. */
    incomingCents: bigint('incoming_cents', { mode: 'number' }).notNull(),
    /** Spends at the user's counter: into a business's wallet (a consumer records none). */
    redeemCents: bigint('redeem_cents', { mode: 'number' }).notNull(),
    outgoingCents: bigint('outgoing_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed: positive credits the account, negative debits it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_transaction_idx').on(table.transactionId),
    index('ledger_entries_account_idx').on(table.accountId, table.id),
  ],
);
