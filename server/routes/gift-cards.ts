import { giftCardsContracts as contracts } from '@shared/contracts/gift-cards';
import { MARKETPLACE_SCOPE_HEADER } from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { readIdempotencyKey } from '../lib/idempotency';
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

export function giftCardsRoutes({ db, paymentProvider, jobs }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.purchase, async ({ body, user, request }) => {
      const idempotencyKey = readIdempotencyKey(request);
      const buyer = user?.type === 'consumer' ? { id: user.id } : null;
      const dependencies = { provider: paymentProvider, jobs };
      const { result, replayed } = await purchaseGiftCard(db, dependencies, body, {
        buyer,
        idempotencyKey,
      });
      return reply(replayed ? 200 : 201, result);
    }),
    implement(contracts.marketplace, async ({ user, query, response }) => {
      const { scope, ...page } = await listMarketplace(db, user.id, query);
      if (scope) response.set(MARKETPLACE_SCOPE_HEADER, scope);
      return page;
    }),
    implement(contracts.marketplaceBrands, ({ user, query }) =>
      listMarketplaceBrands(db, user.id, query),
    ),
    implement(contracts.claim, ({ user, params, body }) => claimPin(db, user.id, params.id, body)),
    implement(contracts.consumerCards, ({ user, query }) =>
      listConsumerGiftCards(db, user.id, query),
    ),
    implement(contracts.gifts, ({ user, query }) => listGiftTransactions(db, user.id, query)),
    implement(contracts.issued, ({ user, query }) => listIssuedGiftCards(db, user.id, query)),
    implement(contracts.leaderboard, ({ query }) => getLeaderboard(db, query)),
    implement(contracts.leaderboardStanding, ({ user, query }) =>
      getLeaderboardStanding(db, user.id, query.period),
    ),
    implement(contracts.requestGift, ({ user, body }) => requestGift(db, user.id, body)),
    implement(contracts.requests, ({ user, query }) => listGiftRequests(db, user.id, query)),
    implement(contracts.declineRequest, ({ user, params }) =>
      declineGiftRequest(db, user.id, params.id),
    ),
    implement(contracts.history, ({ user, params, query }) =>
      getCardHistory(db, user, params.id, query),
    ),
    implement(contracts.send, ({ user, params, body }) =>
      sendGiftCard(db, user.id, params.id, body),
    ),
  ];
}
