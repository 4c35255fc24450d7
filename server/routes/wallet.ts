import {
  addFundsSchema,
  fundsMovementResultSchema,
  walletSchema,
  walletTransactionSchema,
  walletTransactionsQuerySchema,
  withdrawSchema,
} from '@shared/schema/ledger';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { type RouteDependencies } from '../app-context';
import { requireTwoFactorOn } from '../auth/step-up';
import { type Answer, type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
import { getWallet } from '../services/wallet/get-wallet';
import { addFunds, withdrawFunds } from '../services/wallet/move-funds';
import { listWalletTransactions } from '../services/wallet/wallet-transactions';

export function walletRoutes({ db, paymentProvider, jobs }: RouteDependencies): ApiRoute[] {
  const tag = 'Wallet';
  const funds = { provider: paymentProvider, jobs };
  const movement: Answer = {
    kind: 'json',
    status: 201,
    schema: fundsMovementResultSchema,
    description: 'The movement recorded and the balance after it',
    otherStatuses: [{ status: 200, description: 'A retry with the same Idempotency-Key' }],
  };
  return [
    defineRoute({
      method: 'get',
      path: '/wallet',
      summary: 'My wallet: balance, activity summary and the latest movements',
      tag,
      access: 'signed-in',
      answer: { kind: 'json', status: 200, schema: walletSchema, description: 'The wallet' },
      handle: ({ user }) => getWallet(db, user),
    }),
    defineRoute({
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
      handle: ({ user, query }) => listWalletTransactions(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/wallet/add-funds',
      summary: "Add funds to a business's wallet: a new card's token or a saved card is charged",
      tag,
      access: 'business',
      body: addFundsSchema,
      answer: movement,
      // A card is charged: who is asking is confirmed again when the last proof is old.
      stepUp: true,
      handle: async ({ user, body, request }) => {
        const result = await addFunds(db, funds, {
          userId: user.id,
          amountCents: body.amount,
          paymentToken: body.paymentToken,
          paymentMethodId: body.paymentMethodId,
          idempotencyKey: readIdempotencyKey(request),
        });
        return reply(result.replayed ? 200 : 201, {
          transaction: result.transaction,
          balance: result.balance,
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/wallet/withdraw',
      summary: "Withdraw funds from a business's wallet to its bank account on file",
      tag,
      access: 'business',
      body: withdrawSchema,
      answer: movement,
      // Money leaves the platform: a password alone is not enough, and it must be recent.
      before: [requireTwoFactorOn(db, TWO_FACTOR_MESSAGES.requiredToWithdraw)],
      stepUp: true,
      handle: async ({ user, body, request }) => {
        const result = await withdrawFunds(db, funds, {
          userId: user.id,
          amountCents: body.amount,
          idempotencyKey: readIdempotencyKey(request),
        });
        return reply(result.replayed ? 200 : 201, {
          transaction: result.transaction,
          balance: result.balance,
        });
      },
    }),
  ];
}
