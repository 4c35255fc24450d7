import { type IssuedGiftCard, type WalletGiftCard } from '@shared/schema/gift-cards';
import { type Wallet, type WalletTransaction } from '@shared/schema/ledger';
import { jsonReply, listReply, mockApi, type MockRoutes } from '@/testing/mock-api';
import { brandsFixture, buildUser } from '@/testing/fixtures';

export function transaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    id: 't1',
    kind: 'add_funds',
    description: 'Added funds (card ending 4242)',
    type: 'received',
    date: '2025-03-04T12:00:00.000Z',
    amount: 100,
    status: 'completed',
    ...overrides,
  };
}

export function buildWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    balance: 1234.5,
    summary: { sent: 30, received: 1264.5, thisMonth: -12.25, totalTransactions: 7 },
    transactions: [],
    ...overrides,
  };
}

export function giftCard(overrides: Partial<WalletGiftCard> = {}): WalletGiftCard {
  return {
    id: 11,
    sender_name: 'Bean There Coffee',
    brand: 'starbucks',
    value: 25,
    balance: 25,
    status: 'active',
    source: 'pin_claim',
    promotional: true,
    message: '',
    expires: '2025-06-02T12:00:00.000Z',
    created_at: '2025-03-04T12:00:00.000Z',
    ...overrides,
  };
}

export function issuedCard(overrides: Partial<IssuedGiftCard> = {}): IssuedGiftCard {
  return {
    id: 31,
    consumer_name: 'Casey Consumer',
    consumer_username: 'casey',
    brand: 'starbucks',
    value: 10,
    balance: 4.5,
    status: 'active',
    expires: '2025-06-02T12:00:00.000Z',
    created_at: '2025-03-04T12:00:00.000Z',
    ...overrides,
  };
}

export const businessUser = buildUser({
  id: 2,
  type: 'business',
  name: 'Bean There Coffee',
  username: 'beanthere',
  brands: [],
});

export const consumerUser = buildUser({ id: 1, type: 'consumer' });

/** The API a signed-in business sees; `routes` add to or replace the defaults. */
export function mockBusinessApi(routes: MockRoutes = {}) {
  return mockApi({ 'GET /api/user': jsonReply(200, businessUser), ...routes });
}

/** The API a signed-in consumer sees: by default no gift requests and the given cards. */
export function mockConsumerApi(routes: MockRoutes = {}, { cards = [] as WalletGiftCard[] } = {}) {
  return mockApi({
    'GET /api/user': jsonReply(200, consumerUser),
    'GET /api/brands': jsonReply(200, brandsFixture),
    'GET /api/wallet': jsonReply(200, buildWallet({ balance: 0 })),
    'GET /api/gift-cards/requests': listReply([], { page: 1, limit: 10, total: 0 }),
    // No gifts yet: the chart shows what will appear.
    'GET /api/wallet/charts/gifts': jsonReply(
      200,
      Array.from({ length: 12 }, (_, index) => ({
        month: `2026-${String(index + 1).padStart(2, '0')}`,
        sent: 0,
        received: 0,
      })),
    ),
    'GET /api/gift-cards/consumer/wallet': (request) => {
      const page = Number(request.search.get('page') ?? 1);
      const limit = Number(request.search.get('limit') ?? 20);
      return listReply(cards.slice((page - 1) * limit, page * limit), {
        page,
        limit,
        total: cards.length,
      });
    },
    ...routes,
  });
}
