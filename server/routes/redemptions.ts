import { redemptionsContracts as contracts } from '@shared/contracts/redemptions';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
import { createRedemptionCode } from '../services/redemptions/create-redemption-code';
import { lookupRedemption } from '../services/redemptions/lookup-redemption';
import { redeemCard } from '../services/redemptions/redeem-card';

/**
 * Spending a card at a counter: the holder shows a short-lived code (text and QR), the business
 * that accepts the card looks it up and takes an amount. The holder never marks a card spent.
 */
export function redemptionsRoutes({ db, config, jobs }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.createCode, ({ user, params }) =>
      createRedemptionCode(db, user.id, params.id, { publicUrl: config.publicUrl }),
    ),
    implement(contracts.lookup, ({ user, body }) => lookupRedemption(db, user.id, body.code)),
    implement(contracts.redeem, async ({ user, body, request }) => {
      const { result, replayed } = await redeemCard(db, jobs, user.id, {
        code: body.code,
        amountCents: body.amount,
        storeId: body.storeId,
        idempotencyKey: readIdempotencyKey(request),
      });
      return reply(replayed ? 200 : 201, result);
    }),
  ];
}
