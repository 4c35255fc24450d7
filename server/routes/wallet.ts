import { walletContracts as contracts } from '@shared/contracts/wallet';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { type RouteDependencies } from '../app-context';
import { requireTwoFactorOn } from '../auth/step-up';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
import { getWallet } from '../services/wallet/get-wallet';
import { addFunds, withdrawFunds } from '../services/wallet/move-funds';
import { listWalletTransactions } from '../services/wallet/wallet-transactions';

export function walletRoutes({ db, paymentProvider, jobs }: RouteDependencies): ApiRoute[] {
  const funds = { provider: paymentProvider, jobs };
  return [
    implement(contracts.get, ({ user }) => getWallet(db, user)),
    implement(contracts.transactions, ({ user, query }) =>
      listWalletTransactions(db, user.id, query),
    ),
    implement(contracts.addFunds, async ({ user, body, request }) => {
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
    }),
    implement(
      contracts.withdraw,
      async ({ user, body, request }) => {
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
      // Money leaves the platform: a password alone is not enough.
      { before: [requireTwoFactorOn(db, TWO_FACTOR_MESSAGES.requiredToWithdraw)] },
    ),
  ];
}
