import { z } from 'zod';
import { pageQueryFields } from '../pagination';
import { dollarsToCentsField } from '../money-field';

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
