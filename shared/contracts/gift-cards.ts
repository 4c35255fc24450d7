import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import { idParam } from '../params';
import {
  claimPinSchema,
  CLAIM_MESSAGES,
  claimResultSchema,
  giftCardActivitySchema,
  giftCardListQuerySchema,
  giftRequestSchema,
  giftTransactionSchema,
  GUEST_GIFT_MESSAGES,
  guestGiftResultSchema,
  guestGiftSchema,
  issuedGiftCardSchema,
  leaderboardEntrySchema,
  leaderboardQuerySchema,
  leaderboardStandingSchema,
  MARKETPLACE_SCOPE_HEADER,
  marketplacePinSchema,
  marketplacePlaceSchema,
  marketplaceQuerySchema,
  requestGiftSchema,
  sendGiftCardSchema,
  walletGiftCardSchema,
} from '../schema/gift-cards';

const tag = 'Gift cards';

const periodQuery = z.object({
  period: leaderboardQuerySchema.shape.period.describe(
    'The period the gifts are counted over: week, month, year or all',
  ),
});

export const giftCardsContracts = contractGroup('giftCards', {
  // Open: a guest buys a card from a profile; a signed-in consumer buys it as themselves.
  purchase: defineContract({
    method: 'post',
    path: '/gift-cards/guest',
    summary:
      'Buy a new gift card for a consumer (paid by card), with or without an account, with an optional message',
    tag,
    access: 'public',
    body: guestGiftSchema,
    // A saved card is charged on the session alone: who is asking is confirmed when the proof is
    // old. A fresh card's token is itself what the payer just typed. A guest has no saved card
    // (the purchase answers 404 for one), so only a signed-in payer is asked.
    stepUp: {
      when: ({ signedIn, body }) => signedIn && body.paymentMethodId !== undefined,
      description: 'when signed in and paying with a saved card (`paymentMethodId`)',
    },
    answer: {
      kind: 'json',
      status: 201,
      schema: guestGiftResultSchema,
      description: 'The card was paid for and sent',
      otherStatuses: [{ status: 200, description: 'A retry with the same Idempotency-Key' }],
    },
    errors: {
      402: 'No card was given to pay with, or the card was declined',
      404: 'No consumer has that username, or the saved card is not one of yours',
      409: 'The payment processor already took a different payment with this Idempotency-Key',
      422: 'The Idempotency-Key was used before with a different request',
    },
    // Paying by card without an account is how a stolen card would be tried out: a purchase
    // counts, paid or declined (201, 402, 409 once the processor saw it, or 500 midway), while a
    // retry answered from its Idempotency-Key (200) or a purchase refused before any charge (an
    // unknown recipient, 404; a reused key, 422) gives its slots back.
    rateLimits: [
      {
        name: 'guest-gift',
        per: 'address',
        setting: 'guestGiftsPerHour',
        windowSeconds: 60 * 60,
        message: GUEST_GIFT_MESSAGES.rateLimited,
        keepOn: [201, 402, 409, 500],
      },
      {
        name: 'guest-gift',
        per: {
          input: ({ body }) => `email:${body.senderEmail.toLowerCase()}`,
          description: 'as this sender e-mail',
        },
        setting: 'guestGiftsPerHour',
        windowSeconds: 60 * 60,
        message: GUEST_GIFT_MESSAGES.rateLimited,
        keepOn: [201, 402, 409, 500],
      },
    ],
  }),
  marketplace: defineContract({
    method: 'get',
    path: '/gift-cards/marketplace',
    summary: 'Pins on offer to me: the nearest in reach, or the newest',
    tag,
    access: 'consumer',
    query: marketplaceQuerySchema,
    answer: {
      kind: 'page',
      item: marketplacePinSchema,
      description: `One page of offers; \`${MARKETPLACE_SCOPE_HEADER}\` says when only the nearest or newest are listed`,
    },
  }),
  marketplaceBrands: defineContract({
    method: 'get',
    path: '/gift-cards/marketplace/brands',
    summary: 'The brands among the offers the marketplace lists here',
    tag,
    access: 'consumer',
    query: marketplacePlaceSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(z.string()),
      description: 'Brand ids, in order',
    },
  }),
  claim: defineContract({
    method: 'post',
    path: '/pins/:id/claim',
    summary: 'Claim a gift card from a pin',
    tag,
    access: 'consumer',
    params: idParam('Pin'),
    body: claimPinSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: claimResultSchema,
      description: 'The new card, and what the pin has left',
    },
    errors: {
      403: 'The pin is aimed at other consumers, not at you',
      404: 'No pin has that id',
      409: 'You already claimed a card from this pin, or it is paused or sold out',
      410: 'The pin was cancelled or has expired',
    },
    // One account per pin is easy to get around with a farm of accounts on one connection: an
    // address claims so many cards a day, however many accounts it uses. Only cards claimed
    // count: a refused claim (sold out, already claimed, not offered) gives its slot back.
    rateLimits: [
      {
        name: 'claims',
        per: 'address',
        setting: 'claimsPerAddressPerDay',
        windowSeconds: 24 * 60 * 60,
        message: CLAIM_MESSAGES.rateLimited,
        keepOn: 'success',
      },
    ],
  }),
  consumerCards: defineContract({
    method: 'get',
    path: '/gift-cards/consumer/wallet',
    summary: 'The gift cards in my wallet',
    tag,
    access: 'consumer',
    query: giftCardListQuerySchema,
    answer: { kind: 'page', item: walletGiftCardSchema, description: 'One page of my cards' },
  }),
  gifts: defineContract({
    method: 'get',
    path: '/gift-cards/gift-cards',
    summary: 'Gift cards I sent and received',
    tag,
    access: 'consumer',
    query: giftCardListQuerySchema,
    answer: { kind: 'page', item: giftTransactionSchema, description: 'One page of gifts' },
  }),
  issued: defineContract({
    method: 'get',
    path: '/gift-cards/issued',
    summary: "Gift cards claimed from my business's pins",
    tag,
    access: 'business',
    query: giftCardListQuerySchema,
    answer: { kind: 'page', item: issuedGiftCardSchema, description: 'One page of cards' },
  }),
  leaderboard: defineContract({
    method: 'get',
    path: '/gift-cards/leaderboard',
    summary: 'The consumers who gave the most gift cards over a period',
    tag,
    access: 'consumer',
    query: leaderboardQuerySchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(leaderboardEntrySchema),
      description: 'Highest first',
    },
  }),
  leaderboardStanding: defineContract({
    method: 'get',
    path: '/gift-cards/leaderboard/me',
    summary: 'My place on the leaderboard over a period',
    tag,
    access: 'consumer',
    query: periodQuery,
    answer: {
      kind: 'json',
      status: 200,
      schema: leaderboardStandingSchema,
      description: 'My standing',
    },
  }),
  requestGift: defineContract({
    method: 'post',
    path: '/gift-cards/request',
    summary: 'Ask a friend for a gift card',
    tag,
    access: 'consumer',
    body: requestGiftSchema,
    answer: { kind: 'json', status: 201, schema: giftRequestSchema, description: 'The request' },
    errors: {
      404: 'No consumer has that username',
      409: 'A request of yours to them is still pending',
    },
  }),
  requests: defineContract({
    method: 'get',
    path: '/gift-cards/requests',
    summary: 'Gift requests other consumers sent me that are still pending',
    description:
      'Only the requests waiting for my answer: neither the ones I sent nor the ones I declined or fulfilled.',
    tag,
    access: 'consumer',
    query: giftCardListQuerySchema,
    answer: { kind: 'page', item: giftRequestSchema, description: 'One page, newest first' },
  }),
  declineRequest: defineContract({
    method: 'post',
    path: '/gift-cards/requests/:id/decline',
    summary: 'Decline a gift request sent to me',
    tag,
    access: 'consumer',
    params: idParam('Gift request'),
    answer: {
      kind: 'json',
      status: 200,
      schema: giftRequestSchema,
      description: 'The request, declined',
    },
    errors: {
      404: 'No gift request of that id was sent to you',
      409: 'The request was already declined or fulfilled',
    },
  }),
  history: defineContract({
    method: 'get',
    path: '/gift-cards/:id/history',
    summary: "A gift card's history: issued, given on, spent, expired, refunded, reissued",
    tag,
    // Its holder reads it, and so do the businesses that issued it or took it at their counter.
    access: 'signed-in',
    params: idParam('Gift card'),
    query: giftCardListQuerySchema,
    answer: {
      kind: 'page',
      item: giftCardActivitySchema,
      description: 'One page of the history, newest first',
    },
    errors: {
      404: 'No card of that id that you hold, issued or took at your counter',
    },
  }),
  send: defineContract({
    method: 'post',
    path: '/gift-cards/:id/send',
    summary: 'Give one of my gift cards to a friend',
    tag,
    access: 'consumer',
    params: idParam('Gift card'),
    body: sendGiftCardSchema,
    // The card's value leaves the sender for good: who is asking is confirmed when the proof is old.
    stepUp: true,
    answer: {
      kind: 'json',
      status: 201,
      schema: giftTransactionSchema,
      description: 'The gift, as the sender sees it',
    },
    errors: {
      404: 'No card of that id is yours, or no consumer has that username',
      409: 'The card is spent',
      410: 'The card has expired or can no longer be used',
    },
  }),
});
