import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pins } from '@shared/tables/pins';
import { users } from '@shared/tables/users';
import { listGiftRequests } from '../services/gift-cards/gift-requests';
import { parseJsonText } from '../lib/json-text';
import { listFeed } from '../services/posts/list-feed';
import { getPublicProfile } from '../services/profiles/get-public-profile';
import { getLeaderboard } from '../services/gift-cards/leaderboard';
import { listConsumerGiftCards } from '../services/gift-cards/list-consumer-gift-cards';
import { getUserFundsBalance } from '../services/ledger/accounts';
import { checkLedger } from '../services/ledger/check-ledger';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';
import { DEMO_USERNAMES, seedDemoData } from './demo-data';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
  await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

describe('seedDemoData', () => {
  it('creates the demo accounts once, funds the businesses through the ledger and pins real stores', async () => {
    const db = context.database.db;
    expect(await seedDemoData(db)).toBe(DEMO_USERNAMES.length);
    expect(await seedDemoData(db)).toBe(0);

    const [bean] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'bean_street'));
    const beanPins = await db.select().from(pins).where(eq(pins.businessId, bean!.id));
    // Only the Boston Starbucks exists in this test catalogue: one pin of 10 × $10.
    expect(beanPins).toHaveLength(1);
    expect(beanPins[0]).toMatchObject({
      brandId: 'starbucks',
      valueCents: 1000,
      quantity: 10,
      status: 'active',
    });
    expect(await getUserFundsBalance(db, bean!.id)).toBe(500_00 - 100_00);
    expect(await checkLedger(db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });
});

describe('seedDemoData with the whole store catalogue', () => {
  it('gives the demo consumers cards, spending, gifts and a request: a live wallet and leaderboard', async () => {
    const full = await createTestContext({ withStores: true });
    try {
      const db = full.database.db;
      await seedDemoData(db);
      const idOf = async (username: string) =>
        (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
      const [ava, liam, maya] = await Promise.all(
        ['ava_thompson', 'liam_carter', 'maya_rodriguez'].map(idOf),
      );

      const avaCards = await listConsumerGiftCards(db, ava!, { page: 1, limit: 10 });
      expect(avaCards.items.map((card) => card.brand).sort()).toEqual(['starbucks', 'walmart']);
      const liamCards = await listConsumerGiftCards(db, liam!, { page: 1, limit: 10 });
      expect(liamCards.items).toEqual([
        expect.objectContaining({ brand: 'starbucks', balance: 6.5 }),
      ]);
      const mayaCards = await listConsumerGiftCards(db, maya!, { page: 1, limit: 10 });
      // Ava's Dunkin card, the one she claimed, and a guest's gift.
      expect(mayaCards.total).toBe(3);
      expect((await getPublicProfile(db, 'ava_thompson')).friendsCount).toBe(2);

      const board = await getLeaderboard(db, { period: 'week', limit: 10 });
      expect(board.map((entry) => [entry.username, entry.total_value])).toEqual([
        ['liam_carter', 25],
        ['ava_thompson', 5],
      ]);
      expect((await listGiftRequests(db, liam!, { page: 1, limit: 10 })).total).toBe(1);
      const feed = parseJsonText((await listFeed(db, ava!, { limit: 10 })).items);
      expect(feed).toHaveLength(3);
      expect(feed.find((post) => post.isLeaderboardPost)?.user.username).toBe('liam_carter');
      expect(feed.find((post) => post.likes === 2)?.commentCount).toBe(1);
      expect(await checkLedger(db)).toEqual({
        entriesSum: 0,
        driftedAccounts: 0,
        negativeAccounts: 0,
      });
    } finally {
      await full.close();
    }
  });
});
