import { type Answer, contractGroup, defineContract } from '../contract';
import {
  addFundsSchema,
  fundsMovementResultSchema,
  walletSchema,
  walletTransactionSchema,
  walletTransactionsQuerySchema,
  withdrawSchema,
} from '../schema/ledger';

const tag = 'Wallet';

const movement = {
  kind: 'json',
  status: 201,
  schema: fundsMovementResultSchema,
  description: 'The movement recorded and the balance after it',
  otherStatuses: [{ status: 200, description: 'A retry with the same Idempotency-Key' }],
} satisfies Answer;

export const walletContracts = contractGroup('wallet', {
  get: defineContract({
    method: 'get',
    path: '/wallet',
    summary: 'My wallet: balance, activity summary and the latest movements',
    tag,
    access: 'signed-in',
    answer: { kind: 'json', status: 200, schema: walletSchema, description: 'The wallet' },
  }),
  transactions: defineContract({
    method: 'get',
    path: '/wallet/transactions',
    summary: "My wallet's movements",
    tag,
    access: 'signed-in',
    query: walletTransactionsQuerySchema,
    answer: {
      kind: 'page',
      item: walletTransactionSchema,
      description: 'One page, newest first',
    },
  }),
  addFunds: defineContract({
    method: 'post',
    path: '/wallet/add-funds',
    summary: "Add funds to a business's wallet: a new card's token or a saved card is charged",
    tag,
    access: 'business',
    body: addFundsSchema,
    answer: movement,
    // A card is charged: who is asking is confirmed again when the last proof is old.
    stepUp: true,
    errors: {
      402: 'No card was given to pay with, or the card was declined',
      404: 'The saved card is not one of yours',
      409: 'The payment processor already took a different payment with this Idempotency-Key',
      422: 'The Idempotency-Key was used before with a different request',
    },
  }),
  withdraw: defineContract({
    method: 'post',
    path: '/wallet/withdraw',
    summary: "Withdraw funds from a business's wallet to its bank account on file",
    tag,
    access: 'business',
    body: withdrawSchema,
    answer: movement,
    // Money leaves the platform: a password alone is not enough (two-factor must be on), and the
    // proof must be recent.
    stepUp: true,
    errors: {
      403: "Two-factor authentication is off (`code: 'TWO_FACTOR_REQUIRED'`)",
      409: 'No payout bank account is on file, or the balance is less than the amount',
      422: 'The Idempotency-Key was used before with a different request',
    },
  }),
});
