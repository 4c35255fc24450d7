import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards } from '@shared/tables/gift-cards';
import { pins } from '@shared/tables/pins';
import { checkLedger } from '../services/ledger/check-ledger';
import {
  consumerWithCard,
  createTestPin,
  fundedBusiness,
  manyConsumers,
  signedInConsumer,
} from '../testing/gift-cards';
import { totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

// Money under concurrency, on the real Postgres (`npm run test:stress`).
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}

let context: TestContext;
let store: { starbucks: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

const ledgerIsBalanced = async () =>
  expect(await checkLedger(context.database.db)).toEqual({
    entriesSum: 0,
    driftedAccounts: 0,
    negativeAccounts: 0,
  });

describe('money under concurrency', () => {
  it('500 consumers claiming a pin of 50 at once: 50 cards, 450 refusals, no errors', async () => {
    const business = await fundedBusiness(context, 1000);
    const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 50, value: 5 });
    const consumers = await manyConsumers(context, 500);

    const responses = await Promise.all(
      consumers.map((agent) => agent.post(`/api/pins/${pinId}/claim`)),
    );
    const statuses = responses.map((response) => response.status);
    // Any answer that is neither a card nor a refusal is named, with its message.
    const others = responses
      .filter((response) => response.status !== 201 && response.status !== 409)
      .map((response) => `${response.status} ${JSON.stringify(response.body)}`);
    expect(others).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(450);
    expect(new Set(responses.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(
      new Set(['This pin is sold out']),
    );

    const [pin] = await context.database.db.select().from(pins).where(eq(pins.id, pinId));
    expect(pin).toMatchObject({ remaining: 0, status: 'exhausted' });
    const cards = await context.database.db
      .select({ id: giftCards.id, claimedBy: giftCards.claimedBy })
      .from(giftCards)
      .where(eq(giftCards.pinId, pinId));
    expect(cards).toHaveLength(50);
    expect(new Set(cards.map((card) => card.claimedBy)).size).toBe(50);
    await ledgerIsBalanced();
  }, 120_000);

  it('one Idempotency-Key sent 20 times at once takes effect once', async () => {
    const times = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, make));

    // A redemption.
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const redeemed = await times(() =>
      agent
        .post(`/api/gift-cards/${card.id}/redeem`)
        .set('Idempotency-Key', `stress-redeem-${card.id}`)
        .send({ amount: 3 }),
    );
    expect(redeemed.map((response) => response.status)).toEqual(Array(20).fill(200));
    const codes = await agent.get('/api/gift-cards/consumer/wallet');
    const held = (codes.body as Array<{ id: number; balance: number }>).find(
      (item) => item.id === card.id,
    );
    expect(held?.balance).toBe(card.value - 3);

    // A payment into a business wallet.
    const business = await fundedBusiness(context, 0);
    const topUpToken = await cardToken(context);
    const funded = await times(() =>
      business.agent
        .post('/api/wallet/add-funds')
        .set('Idempotency-Key', 'stress-top-up')
        .send({ amount: 25, paymentToken: topUpToken }),
    );
    expect(funded.every((response) => [200, 201].includes(response.status))).toBe(true);
    expect(new Set(funded.map((response) => response.body.transaction.id)).size).toBe(1);
    expect((await business.agent.get('/api/wallet')).body.balance).toBe(25);

    // A guest's gift.
    const recipient = await signedInConsumer(context);
    const gifts = await times(() =>
      context
        .agent()
        .post('/api/gift-cards/guest')
        .set('Idempotency-Key', `stress-guest-${recipient.user.id}`)
        .send({
          recipientUsername: recipient.user.username,
          brand: 'starbucks',
          value: 10,
          senderEmail: 'guest@example.com',
        }),
    );
    expect(gifts.every((response) => [200, 201].includes(response.status))).toBe(true);
    expect(new Set(gifts.map((response) => response.body.id)).size).toBe(1);
    expect(totalCount(await recipient.agent.get('/api/gift-cards/consumer/wallet'))).toBe(1);
    await ledgerIsBalanced();
  }, 60_000);
});
