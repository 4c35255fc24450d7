import { contractGroup, defineContract, type RateLimit } from '../contract';
import { idParam } from '../params';
import {
  redeemCardSchema,
  redemptionCodeSchema,
  redemptionLookupResultSchema,
  redemptionLookupSchema,
  redemptionResultSchema,
  REDEMPTION_MESSAGES,
} from '../schema/gift-cards';

const tag = 'Redemptions';

/** Why a counter cannot take a code: the same for a look-up and for the spend itself. */
const counterRefusals = {
  403: "This business does not accept the card's brand, or the card is another business's promotion",
  404: 'No card has this code',
  410: 'The code was used or has expired, or its card was given away, spent, expired or withdrawn',
} as const;

/**
 * Codes that match no card, per business and per client address (several businesses may share
 * one): only a miss (404) keeps its slot, so a busy counter redeeming real codes all day is never
 * slowed, while guessing is. A code in flight holds a slot until it is answered, so a business
 * near its allowance is refused early, never late.
 */
export const codeMissRateLimit = {
  name: 'redemption-code',
  per: {
    input: ({ userId }: { userId: number | undefined }) => `business:${userId}`,
    description: 'from this business, or from its client address (which may make 5 times as many)',
    andAddress: true,
  },
  setting: 'codeMissesPerBusiness',
  windowSeconds: 15 * 60,
  message: REDEMPTION_MESSAGES.rateLimited,
  keepOn: [404],
} as const satisfies RateLimit<'business', undefined, undefined, undefined>;

/**
 * Spending a card at a counter: the holder shows a short-lived code (text and QR), the business
 * that accepts the card looks it up and takes an amount. The holder never marks a card spent.
 */
export const redemptionsContracts = contractGroup('redemptions', {
  createCode: defineContract({
    method: 'post',
    path: '/gift-cards/:id/redemption-code',
    summary: 'A new code (and QR) for spending my card at a counter: single use, 90 seconds',
    tag,
    access: 'consumer',
    params: idParam('Gift card'),
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
    errors: {
      404: 'No card of that id is yours',
      409: 'The card is spent',
      410: 'The card has expired or can no longer be used',
    },
  }),
  lookup: defineContract({
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
    errors: counterRefusals,
    rateLimits: [codeMissRateLimit],
  }),
  redeem: defineContract({
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
    errors: {
      ...counterRefusals,
      409: 'The amount is more than the card holds, or the Idempotency-Key already took another amount or card',
      422: 'The Idempotency-Key was used before with a different request',
    },
    rateLimits: [codeMissRateLimit],
  }),
});
