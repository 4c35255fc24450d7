import { z } from 'zod';
import {
  claimPinSchema,
  claimResultSchema,
  GUEST_GIFT_MESSAGES,
  giftCardActivitySchema,
  giftCardListQuerySchema,
  giftRequestSchema,
  giftTransactionSchema,
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
} from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
import { idParam } from '../lib/validate';
import { claimPin } from '../services/gift-cards/claim-pin';
import { getCardHistory } from '../services/gift-cards/get-card-history';
import {
  declineGiftRequest,
  listGiftRequests,
  requestGift,
} from '../services/gift-cards/gift-requests';
import { getLeaderboard, getLeaderboardStanding } from '../services/gift-cards/leaderboard';
import { listConsumerGiftCards } from '../services/gift-cards/list-consumer-gift-cards';
import { listGiftTransactions } from '../services/gift-cards/list-gift-transactions';
import { listIssuedGiftCards } from '../services/gift-cards/list-issued-gift-cards';
import { listMarketplace, listMarketplaceBrands } from '../services/gift-cards/list-marketplace';
import { sendGiftCard } from '../services/gift-cards/send-gift-card';
import { purchaseGiftCard } from '../services/gift-cards/purchase-gift-card';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';

const pinIdSchema = idParam('Pin');
const cardIdSchema = idParam('Gift card');
const requestIdSchema = idParam('Gift request');
const periodSchema = leaderboardQuerySchema.pick({ period: true });

export function giftCardsRoutes({
  db,
  config,
  paymentProvider,
  jobs,
}: RouteDependencies): ApiRoute[] {
  const tag = 'Gift cards';
  return [
    // Open: a guest buys a card from a profile; a signed-in consumer buys it as themselves.
    defineRoute({
      method: 'post',
      path: '/gift-cards/guest',
      summary:
        'Buy a new gift card for a consumer (paid by card), with or without an account, with an optional message',
      tag,
      access: 'public',
      body: guestGiftSchema,
      // A saved card is charged on the session alone: who is asking is confirmed when the proof is
      // old. A fresh card's token is itself what the payer just typed.
      stepUp: {
        when: ({ user, body }) => user !== undefined && body.paymentMethodId !== undefined,
        description: 'when signed in and paying with a saved card (`paymentMethodId`)',
      },
      answer: {
        kind: 'json',
        status: 201,
        schema: guestGiftResultSchema,
        description: 'The card was paid for and sent',
        otherStatuses: [{ status: 200, description: 'A retry with the same Idempotency-Key' }],
      },
      handle: async ({ body, user, request }) => {
        const idempotencyKey = readIdempotencyKey(request);
        const buyer = user?.type === 'consumer' ? { id: user.id } : null;
        const limit = {
          limit: config.rateLimits.guestGiftsPerHour,
          windowSeconds: 60 * 60,
          message: GUEST_GIFT_MESSAGES.rateLimited,
        };
        const dependencies = { provider: paymentProvider, jobs };
        const { result, replayed } = await purchaseGiftCard(db, dependencies, body, {
          buyer,
          idempotencyKey,
          beforeCharging: async () => {
            await consumeRateLimit(db, { ...limit, key: `guest-gift:address:${request.ip}` });
            await consumeRateLimit(db, {
              ...limit,
              key: `guest-gift:email:${body.senderEmail.toLowerCase()}`,
            });
          },
        });
        return reply(replayed ? 200 : 201, result);
      },
    }),
    defineRoute({
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
      handle: async ({ user, query, response }) => {
        const { scope, ...page } = await listMarketplace(db, user.id, query);
        if (scope) response.set(MARKETPLACE_SCOPE_HEADER, scope);
        return page;
      },
    }),
    defineRoute({
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
      handle: ({ user, query }) => listMarketplaceBrands(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/pins/:id/claim',
      summary: 'Claim a gift card from a pin',
      tag,
      access: 'consumer',
      params: pinIdSchema,
      body: claimPinSchema,
      answer: {
        kind: 'json',
        status: 201,
        schema: claimResultSchema,
        description: 'The new card, and what the pin has left',
      },
      handle: ({ user, params, body, request }) =>
        claimPin(db, user.id, params.id, body, {
          address: request.ip,
          perDay: config.rateLimits.claimsPerAddressPerDay,
        }),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/consumer/wallet',
      summary: 'The gift cards in my wallet',
      tag,
      access: 'consumer',
      query: giftCardListQuerySchema,
      answer: { kind: 'page', item: walletGiftCardSchema, description: 'One page of my cards' },
      handle: ({ user, query }) => listConsumerGiftCards(db, user.id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/gift-cards',
      summary: 'Gift cards I sent and received',
      tag,
      access: 'consumer',
      query: giftCardListQuerySchema,
      answer: { kind: 'page', item: giftTransactionSchema, description: 'One page of gifts' },
      handle: ({ user, query }) => listGiftTransactions(db, user.id, query),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/issued',
      summary: "Gift cards claimed from my business's pins",
      tag,
      access: 'business',
      query: giftCardListQuerySchema,
      answer: { kind: 'page', item: issuedGiftCardSchema, description: 'One page of cards' },
      handle: ({ user, query }) => listIssuedGiftCards(db, user.id, query),
    }),
    defineRoute({
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
      handle: ({ query }) => getLeaderboard(db, query),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/leaderboard/me',
      summary: 'My place on the leaderboard over a period',
      tag,
      access: 'consumer',
      query: periodSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: leaderboardStandingSchema,
        description: 'My standing',
      },
      handle: ({ user, query }) => getLeaderboardStanding(db, user.id, query.period),
    }),
    defineRoute({
      method: 'post',
      path: '/gift-cards/request',
      summary: 'Ask a friend for a gift card',
      tag,
      access: 'consumer',
      body: requestGiftSchema,
      answer: { kind: 'json', status: 201, schema: giftRequestSchema, description: 'The request' },
      handle: ({ user, body }) => requestGift(db, user.id, body),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/requests',
      summary: 'Gift requests I sent and received',
      tag,
      access: 'consumer',
      query: giftCardListQuerySchema,
      answer: { kind: 'page', item: giftRequestSchema, description: 'One page of requests' },
      handle: ({ user, query }) => listGiftRequests(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/gift-cards/requests/:id/decline',
      summary: 'Decline a gift request sent to me',
      tag,
      access: 'consumer',
      params: requestIdSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: giftRequestSchema,
        description: 'The request, declined',
      },
      handle: ({ user, params }) => declineGiftRequest(db, user.id, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/gift-cards/:id/history',
      summary: "A gift card's history: issued, given on, spent, expired, refunded, reissued",
      tag,
      // Its holder reads it, and so do the businesses that issued it or took it at their counter.
      access: 'signed-in',
      params: cardIdSchema,
      query: giftCardListQuerySchema,
      answer: {
        kind: 'page',
        item: giftCardActivitySchema,
        description: 'One page of the history, newest first',
      },
      handle: ({ user, params, query }) => getCardHistory(db, user, params.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/gift-cards/:id/send',
      summary: 'Give one of my gift cards to a friend',
      tag,
      access: 'consumer',
      params: cardIdSchema,
      body: sendGiftCardSchema,
      // The card's value leaves the sender for good: who is asking is confirmed when the proof is old.
      stepUp: true,
      answer: {
        kind: 'json',
        status: 201,
        schema: giftTransactionSchema,
        description: 'The gift, as the sender sees it',
      },
      handle: ({ user, params, body }) => sendGiftCard(db, user.id, params.id, body),
    }),
  ];
}
