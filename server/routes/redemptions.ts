import {
  redeemCardSchema,
  redemptionCodeSchema,
  redemptionLookupResultSchema,
  redemptionLookupSchema,
  redemptionResultSchema,
} from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
import { idParam } from '../lib/validate';
import { createRedemptionCode } from '../services/redemptions/create-redemption-code';
import { lookupRedemption } from '../services/redemptions/lookup-redemption';
import { redeemCard } from '../services/redemptions/redeem-card';

const cardIdSchema = idParam('Gift card');

/**
 * Spending a card at a counter: the holder shows a short-lived code (text and QR), the business
 * that accepts the card looks it up and takes an amount. The holder never marks a card spent.
 */
export function redemptionsRoutes({ db, config, jobs }: RouteDependencies): ApiRoute[] {
  const tag = 'Redemptions';
  return [
    defineRoute({
      method: 'post',
      path: '/gift-cards/:id/redemption-code',
      summary: 'A new code (and QR) for spending my card at a counter: single use, 90 seconds',
      tag,
      access: 'consumer',
      params: cardIdSchema,
      // Whoever holds the code spends the card: showing one is as good as handing the card over.
      // At a counter the wallet PIN is enough, as in payment apps: asking for the password every
      // time would be slow, and the code still needs a business to spend it.
      stepUp: true,
      walletPinProves: true,
      answer: {
        kind: 'json',
        status: 201,
        schema: redemptionCodeSchema,
        description: 'The code, its QR image, when it expires, and the card',
      },
      handle: ({ user, params }) =>
        createRedemptionCode(db, user.id, params.id, { publicUrl: config.publicUrl }),
    }),
    defineRoute({
      method: 'post',
      path: '/redemptions/lookup',
      summary:
        "The card behind a customer's code: brand, balance, expiry, first name (codes that match no card are rate-limited)",
      tag,
      access: 'business',
      body: redemptionLookupSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: redemptionLookupResultSchema,
        description: 'The card, and the stores it may be spent at',
      },
      handle: ({ user, body, request }) =>
        lookupRedemption(db, { businessId: user.id, address: request.ip }, body.code),
    }),
    defineRoute({
      method: 'post',
      path: '/redemptions',
      summary: "Take an amount of a customer's card by its code, into my balance",
      tag,
      access: 'business',
      body: redeemCardSchema,
      answer: {
        kind: 'json',
        status: 201,
        schema: redemptionResultSchema,
        description: 'What was spent and what the card has left',
        otherStatuses: [{ status: 200, description: 'A retry with the same Idempotency-Key' }],
      },
      handle: async ({ user, body, request }) => {
        const { result, replayed } = await redeemCard(
          db,
          jobs,
          { businessId: user.id, address: request.ip },
          {
            code: body.code,
            amountCents: body.amount,
            storeId: body.storeId,
            idempotencyKey: readIdempotencyKey(request),
          },
        );
        return reply(replayed ? 200 : 201, result);
      },
    }),
  ];
}
