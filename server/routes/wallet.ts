import { Router } from 'express';
import {
  addFundsSchema,
  walletTransactionsQuerySchema,
  withdrawSchema,
} from '@shared/schema/ledger';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireUser } from '../auth/guards';
import { readIdempotencyKey } from '../lib/idempotency';
import { sendPage } from '../lib/list-answer';
import { parseInput } from '../lib/validate';
import { getWallet } from '../services/wallet/get-wallet';
import { addFunds, withdrawFunds } from '../services/wallet/move-funds';
import { listWalletTransactions } from '../services/wallet/wallet-transactions';

export function walletRouter({ db, paymentProvider }: RouteDependencies): Router {
  const router = Router();

  router.get('/wallet', async (request, response) => {
    const user = requireUser(request);
    response.json(await getWallet(db, user));
  });

  router.get('/wallet/transactions', async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(walletTransactionsQuerySchema, request.query);
    sendPage(request, response, await listWalletTransactions(db, user.id, query));
  });

  router.post('/wallet/add-funds', requireRole('business'), async (request, response) => {
    const user = requireUser(request);
    const idempotencyKey = readIdempotencyKey(request);
    const input = parseInput(addFundsSchema, request.body);
    const result = await addFunds(db, paymentProvider, {
      userId: user.id,
      amountCents: input.amount,
      cardNumber: input.cardNumber,
      idempotencyKey,
    });
    response
      .status(result.replayed ? 200 : 201)
      .json({ transaction: result.transaction, balance: result.balance });
  });

  router.post('/wallet/withdraw', requireRole('business'), async (request, response) => {
    const user = requireUser(request);
    const idempotencyKey = readIdempotencyKey(request);
    const input = parseInput(withdrawSchema, request.body);
    const result = await withdrawFunds(db, paymentProvider, {
      userId: user.id,
      amountCents: input.amount,
      idempotencyKey,
    });
    response
      .status(result.replayed ? 200 : 201)
      .json({ transaction: result.transaction, balance: result.balance });
  });

  return router;
}
