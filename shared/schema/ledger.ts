import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { pageQueryFields } from '../pagination';
import { dollarsToCentsField } from '../money-field';
import { users } from './users';

/**
 * Double-entry ledger. Every movement of value is one transaction whose entries sum
 * to zero. User and pin accounts keep a running balance that can never go below zero; system
 * accounts (where value enters and leaves) may go negative and keep no running balance, so they
 * are not a hot row: their balance is the sum of their entries.
 */
export const LEDGER_ACCOUNT_KINDS = ['user_funds', 'pin_reserve', 'gift_card', 'system'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const SYSTEM_ACCOUNTS = {
  /** Card payments in and payouts out, through the payment provider. */
  paymentClearing: 'payment_clearing',
  /** Card value spent at a store: it leaves the platform to the merchant. */
  cardRedemptions: 'card_redemptions',
  /** Gift cards guests send from a profile: value issued before a payment is taken. */
  guestGifts: 'guest_gifts',
} as const;

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

export const LEDGER_TRANSACTION_KINDS = [
  'add_funds',
  'withdraw',
  'pin_reserve',
  'pin_refund',
  'claim',
  'redeem',
  'guest_gift',
] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

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
    status: text('status', { enum: ['completed', 'pending', 'failed'] })
      .notNull()
      .default('completed'),
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

// ---------------------------------------------------------------------------------------------
// Wallet requests and answers
// ---------------------------------------------------------------------------------------------

export const FUNDS_MIN_DOLLARS = 1;
export const FUNDS_MAX_DOLLARS = 10_000;

export const addFundsSchema = z.object({
  amount: dollarsToCentsField('Amount', FUNDS_MIN_DOLLARS, FUNDS_MAX_DOLLARS),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .trim()
    .min(1, 'Card number is required')
    .max(32, 'Card number is too long'),
});
export type AddFundsInput = z.input<typeof addFundsSchema>;

export const withdrawSchema = z.object({
  amount: dollarsToCentsField('Amount', FUNDS_MIN_DOLLARS, FUNDS_MAX_DOLLARS),
});
export type WithdrawInput = z.input<typeof withdrawSchema>;

export const walletTransactionsQuerySchema = z.object({
  ...pageQueryFields,
});

/** What a wallet line records: a ledger movement, or a gift card given or received. */
export type WalletTransactionKind = LedgerTransactionKind | 'gift_sent' | 'gift_received';

export type WalletTransaction = {
  /** Unique across kinds: 't<ledger id>' for ledger movements, 'gs<id>' / 'gr<id>' for gifts. */
  id: string;
  kind: WalletTransactionKind;
  description: string;
  /** Whether value came into or went out of this wallet. */
  type: 'received' | 'sent';
  date: string;
  /** Dollars, always positive. */
  amount: number;
  status: 'completed' | 'pending' | 'failed';
};

export type Wallet = {
  balance: number;
  summary: { sent: number; received: number; thisMonth: number; totalTransactions: number };
  transactions: WalletTransaction[];
};
