import { z } from 'zod';
import {
  FUNDS_MAX_DOLLARS,
  FUNDS_MIN_DOLLARS,
  LEDGER_TRANSACTION_STATUSES,
  WALLET_LINE_TYPES,
  WALLET_TRANSACTION_KINDS,
} from '../constants';
import { pageQueryFields } from '../pagination';
import { dollarsToCentsField } from '../money-field';
import { dollarAmount, isoDateTime } from './answer-fields';
import { paymentSourceFields } from './payments';

/**
 * Double-entry ledger. Every movement of value is one transaction whose entries sum
 * to zero. User and pin accounts keep a running balance that can never go below zero; system
 * accounts (where value enters and leaves) may go negative and keep no running balance, so they
 * are not a hot row: their balance is the sum of their entries. The kinds of account and of
 * transaction are in shared/constants.ts.
 */
export const SYSTEM_ACCOUNTS = {
  /** Card payments in and payouts out, through the payment provider. */
  paymentClearing: 'payment_clearing',
} as const;

// ---------------------------------------------------------------------------------------------
// Wallet requests and answers
// ---------------------------------------------------------------------------------------------

/** A top-up is paid with a fresh card token or a saved card; the card number never comes here. */
export const addFundsSchema = z.object({
  amount: dollarsToCentsField('Amount', FUNDS_MIN_DOLLARS, FUNDS_MAX_DOLLARS),
  ...paymentSourceFields,
});
export type AddFundsInput = z.input<typeof addFundsSchema>;

export const withdrawSchema = z.object({
  amount: dollarsToCentsField('Amount', FUNDS_MIN_DOLLARS, FUNDS_MAX_DOLLARS),
});
export type WithdrawInput = z.input<typeof withdrawSchema>;

export const walletTransactionsQuerySchema = z.object({
  ...pageQueryFields,
});

/** One line of the wallet's history. */
export const walletTransactionSchema = z
  .object({
    /** Unique across kinds: 't<ledger id>' for ledger movements, 'gs<id>' / 'gr<id>' for gifts. */
    id: z
      .string()
      .describe(
        "Unique across kinds: 't<ledger id>' for ledger movements, 'gs<id>' / 'gr<id>' for gifts",
      ),
    kind: z.enum(WALLET_TRANSACTION_KINDS),
    description: z.string(),
    /** Whether value came into or went out of this wallet. */
    type: z.enum(WALLET_LINE_TYPES).describe('Whether value came into or went out of this wallet'),
    date: isoDateTime(),
    /** Dollars, always positive. */
    amount: dollarAmount('Dollars, always positive'),
    status: z.enum(LEDGER_TRANSACTION_STATUSES),
  })
  .describe('A movement of value into or out of the wallet');
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** GET /api/wallet: the balance, a summary of every movement and the latest ones. */
export const walletSchema = z
  .object({
    /** Dollars: a business's funds, or what a consumer's usable gift cards hold. */
    balance: dollarAmount(
      "Dollars: a business's funds, or what a consumer's usable gift cards hold",
    ),
    summary: z.object({
      /** Dollars of gift cards given: to friends, bought for someone, or claimed from its pins. */
      sent: dollarAmount(
        "Dollars of gift cards given (to friends, bought for someone, or claimed from a business's pins); never a spend or a withdrawal",
      ),
      /** Dollars of gift cards received: from friends, guests, or claimed from pins. */
      received: dollarAmount(
        'Dollars of gift cards received (from friends, guests, or claimed from pins); never a top-up',
      ),
      /** This month's net change in dollars (negative when more went out). */
      thisMonth: dollarAmount("This month's net change in dollars (negative when more went out)"),
      /** How many gift cards were given and received ('Total Gifts'). */
      totalTransactions: z
        .number()
        .int()
        .describe("How many gift cards were given and received ('Total Gifts')"),
    }),
    /** The latest movements, newest first. */
    transactions: z.array(walletTransactionSchema).describe('The latest movements, newest first'),
  })
  .describe('The wallet: balance, activity summary and the latest movements');
export type Wallet = z.infer<typeof walletSchema>;

/** POST /api/wallet/add-funds and /withdraw: the movement recorded and the balance after it. */
export const fundsMovementResultSchema = z
  .object({
    transaction: walletTransactionSchema,
    /** The business's funds after the movement, in dollars. */
    balance: dollarAmount("The business's funds after the movement, in dollars"),
  })
  .describe('The movement recorded and the balance after it');
export type FundsMovementResult = z.infer<typeof fundsMovementResultSchema>;
