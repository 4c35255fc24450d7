import { Router } from 'express';
import {
  GUEST_GIFT_MESSAGES,
  giftCardListQuerySchema,
  guestGiftSchema,
  leaderboardQuerySchema,
  MARKETPLACE_SCOPE_HEADER,
  marketplacePlaceSchema,
  marketplaceQuerySchema,
  redeemGiftCardSchema,
  requestGiftSchema,
  sendGiftCardSchema,
} from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireUser } from '../auth/guards';
import { readIdempotencyKey } from '../lib/idempotency';
import { sendPage } from '../lib/list-answer';
import { parseInput, idParam } from '../lib/validate';
import { claimPin } from '../services/gift-cards/claim-pin';
import { getGiftCardCode } from '../services/gift-cards/get-gift-card-code';
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
import { redeemGiftCard } from '../services/gift-cards/redeem-gift-card';
import { sendGiftCard } from '../services/gift-cards/send-gift-card';
import { sendGuestGift } from '../services/gift-cards/send-guest-gift';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';

const pinIdSchema = idParam('Pin');
const cardIdSchema = idParam('Gift card');
const requestIdSchema = idParam('Gift request');
const periodSchema = leaderboardQuerySchema.pick({ period: true });

export function giftCardsRouter({ db, config }: RouteDependencies): Router {
  const router = Router();
  const consumerOnly = requireRole('consumer');

  // Open: a guest sends a card from a profile; a signed-in consumer sends it as themselves.
  router.post('/gift-cards/guest', async (request, response) => {
    const input = parseInput(guestGiftSchema, request.body);
    const idempotencyKey = readIdempotencyKey(request);
    const sender = request.user?.type === 'consumer' ? { id: request.user.id } : null;
    const limit = {
      limit: config.rateLimits.guestGiftsPerHour,
      windowSeconds: 60 * 60,
      message: GUEST_GIFT_MESSAGES.rateLimited,
    };
    const { result, replayed } = await sendGuestGift(db, input, {
      sender,
      idempotencyKey,
      beforeIssuing: async () => {
        await consumeRateLimit(db, { ...limit, key: `guest-gift:address:${request.ip}` });
        await consumeRateLimit(db, {
          ...limit,
          key: `guest-gift:email:${input.senderEmail.toLowerCase()}`,
        });
      },
    });
    response.status(replayed ? 200 : 201).json(result);
  });

  router.get('/gift-cards/marketplace', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(marketplaceQuerySchema, request.query);
    const { scope, ...page } = await listMarketplace(db, user.id, query);
    if (scope) response.set(MARKETPLACE_SCOPE_HEADER, scope);
    sendPage(request, response, page);
  });

  router.get('/gift-cards/marketplace/brands', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const place = parseInput(marketplacePlaceSchema, request.query);
    response.json(await listMarketplaceBrands(db, user.id, place));
  });

  router.post('/pins/:id/claim', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(pinIdSchema, request.params);
    response.status(201).json(await claimPin(db, user.id, id));
  });

  router.get('/gift-cards/consumer/wallet', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(giftCardListQuerySchema, request.query);
    sendPage(request, response, await listConsumerGiftCards(db, user.id, query));
  });

  router.get('/gift-cards/gift-cards', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(giftCardListQuerySchema, request.query);
    sendPage(request, response, await listGiftTransactions(db, user.id, query));
  });

  router.get('/gift-cards/issued', requireRole('business'), async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(giftCardListQuerySchema, request.query);
    sendPage(request, response, await listIssuedGiftCards(db, user.id, query));
  });

  router.get('/gift-cards/leaderboard', consumerOnly, async (request, response) => {
    const query = parseInput(leaderboardQuerySchema, request.query);
    response.json(await getLeaderboard(db, query));
  });

  router.get('/gift-cards/leaderboard/me', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { period } = parseInput(periodSchema, request.query);
    response.json(await getLeaderboardStanding(db, user.id, period));
  });

  router.post('/gift-cards/request', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const input = parseInput(requestGiftSchema, request.body);
    response.status(201).json(await requestGift(db, user.id, input));
  });

  router.get('/gift-cards/requests', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(giftCardListQuerySchema, request.query);
    sendPage(request, response, await listGiftRequests(db, user.id, query));
  });

  router.post('/gift-cards/requests/:id/decline', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(requestIdSchema, request.params);
    response.json(await declineGiftRequest(db, user.id, id));
  });

  router.get('/gift-cards/:id/code', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(cardIdSchema, request.params);
    response.json(await getGiftCardCode(db, user.id, id));
  });

  router.post('/gift-cards/:id/redeem', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(cardIdSchema, request.params);
    const idempotencyKey = readIdempotencyKey(request);
    const input = parseInput(redeemGiftCardSchema, request.body);
    response.json(
      await redeemGiftCard(db, {
        ownerId: user.id,
        cardId: id,
        amountCents: input.amount,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      }),
    );
  });

  router.post('/gift-cards/:id/send', consumerOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(cardIdSchema, request.params);
    const input = parseInput(sendGiftCardSchema, request.body);
    response.status(201).json(await sendGiftCard(db, user.id, id, input));
  });

  return router;
}
