import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows';
import { checkLedger } from '../services/ledger/check-ledger';
import { insertPaidCard } from '../testing/card-history';
import {
  consumerWithCard,
  createTestPin,
  fundedBusiness,
  signedInConsumer,
} from '../testing/gift-cards';
import { pageLinks, totalCount } from '../testing/page-headers';
import { spendAtCounter } from '../testing/redemptions';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

const healthyLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };
const STARBUCKS_STORE = 'Starbucks – Boylston & Mass Ave';

type Agent = ReturnType<TestContext['agent']>;

/** The holder shows the card and the business takes `amount` dollars of it at its counter. */
async function spend(
  holder: Agent,
  cardId: number,
  business: Agent,
  amount: number,
  storeId?: number,
): Promise<number> {
  const response = await spendAtCounter(holder, cardId, business, amount, { storeId });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id as number;
}

type Line = { id: string; kind: string; amount: number; balanceAfter: number; description: string };
const lines = (body: Line[]) =>
  body.map(({ kind, amount, balanceAfter, description }) => ({
    kind,
    amount,
    balanceAfter,
    description,
  }));

/**
 * Casey holds a $10 Starbucks card from Bean Street Coffee's pin, spent $4.50 of it at its
 * counter, then gave it to Liam with a message.
 */
async function spentAndGivenCard() {
  const casey = await consumerWithCard(context, store.starbucks);
  // A promotional card is spent at the counter of the business whose pin issued it.
  const counter = casey.business;
  await spend(casey.agent, casey.card.id, counter.agent, 4.5, store.starbucks);
  const liam = await signedInConsumer(context, { name: 'Liam Carter' });
  await casey.agent
    .post(`/api/gift-cards/${casey.card.id}/send`)
    .send({ recipientUsername: liam.user.username, message: 'Happy birthday!' })
    .expect(201);
  return { casey, liam, counter, issuer: casey.business, cardId: casey.card.id };
}

describe('GET /api/gift-cards/:id/history', () => {
  it("shows the holder the card's life, newest first, with the balance after each event", async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    // A promotional card is spent at the counter of the business whose pin issued it.
    const counter = casey.business;
    await spend(casey.agent, casey.card.id, counter.agent, 4.5, store.starbucks);

    const response = await casey.agent.get(`/api/gift-cards/${casey.card.id}/history`);
    expect(response.status).toBe(200);
    expect(totalCount(response)).toBe(2);
    expect(lines(response.body)).toEqual([
      {
        kind: 'spent',
        amount: 4.5,
        balanceAfter: 5.5,
        description: `Spent $4.50 at ${STARBUCKS_STORE}`,
      },
      {
        kind: 'issued',
        amount: 10,
        balanceAfter: 10,
        description: `Issued by Bean Street Coffee at ${STARBUCKS_STORE}`,
      },
    ]);
    expect(response.body[0].id).toMatch(/^a\d+$/);
    expect(Date.parse(response.body[0].date)).toBeGreaterThanOrEqual(
      Date.parse(response.body[1].date),
    );
  });

  it("shows the new holder who gave it and their message, and only that of the giver's time", async () => {
    const { liam, cardId } = await spentAndGivenCard();
    const response = await liam.agent.get(`/api/gift-cards/${cardId}/history`);
    expect(response.status).toBe(200);
    expect(lines(response.body)).toEqual([
      {
        kind: 'transferred',
        amount: 0,
        balanceAfter: 5.5,
        description: 'Received from Casey Consumer: "Happy birthday!"',
      },
      {
        kind: 'spent',
        amount: 4.5,
        balanceAfter: 5.5,
        description: 'Spent $4.50 before the card came to you',
      },
      {
        kind: 'issued',
        amount: 10,
        balanceAfter: 10,
        description: `Issued by Bean Street Coffee at ${STARBUCKS_STORE}`,
      },
    ]);
  });

  it('shows the issuing and the redeeming business the card, never who gave it to whom', async () => {
    const { issuer, counter, cardId } = await spentAndGivenCard();
    for (const business of [issuer, counter]) {
      const response = await business.agent.get(`/api/gift-cards/${cardId}/history`);
      expect(response.status).toBe(200);
      expect(response.body.map((line: Line) => line.description)).toEqual([
        'Given to another person',
        `Spent $4.50 at ${STARBUCKS_STORE}`,
        `Issued by Bean Street Coffee at ${STARBUCKS_STORE}`,
      ]);
      expect(response.text).not.toMatch(/Casey|Liam|Happy birthday/);
      // Past the last page: empty, with the count, as for the holder.
      const past = await business.agent.get(`/api/gift-cards/${cardId}/history?page=5`);
      expect([past.status, past.body, totalCount(past)]).toEqual([200, [], 3]);
    }
    // Its list names the customer who claimed the card, never whom it was given to.
    const issued = await issuer.agent.get('/api/gift-cards/issued');
    expect(issued.body[0]).toMatchObject({ id: cardId, consumer_name: 'Casey Consumer' });
    expect(issued.text).not.toContain('Liam');
  });

  it('answers 404 to anyone else (a former holder too), 401 without a session, 400 for a bad id', async () => {
    const { casey, cardId } = await spentAndGivenCard();
    const stranger = await signedInConsumer(context);
    const otherBusiness = await fundedBusiness(context, 0, 'Unrelated Donuts');
    for (const agent of [casey.agent, stranger.agent, otherBusiness.agent]) {
      // A page past the last one tells them no more than the first.
      for (const page of [1, 5]) {
        const response = await agent.get(`/api/gift-cards/${cardId}/history?page=${page}`);
        expect([response.status, response.body.message]).toEqual([404, 'Gift card not found']);
      }
    }
    for (const page of [1, 5]) {
      const missing = await stranger.agent.get(`/api/gift-cards/999999999/history?page=${page}`);
      expect(missing.status).toBe(404);
    }
    expect((await context.agent().get(`/api/gift-cards/${cardId}/history`)).status).toBe(401);
    for (const path of [
      '/api/gift-cards/x/history',
      '/api/gift-cards/0/history',
      `/api/gift-cards/${cardId}/history?limit=0`,
      `/api/gift-cards/${cardId}/history?page=x`,
    ]) {
      expect((await stranger.agent.get(path)).status).toBe(400);
    }
  });

  it('pages the history with Link headers', async () => {
    const { liam, cardId } = await spentAndGivenCard();
    const first = await liam.agent.get(`/api/gift-cards/${cardId}/history?limit=2`);
    expect(totalCount(first)).toBe(3);
    expect(first.body.map((line: Line) => line.kind)).toEqual(['transferred', 'spent']);
    expect(pageLinks(first)).toEqual({
      next: `/api/gift-cards/${cardId}/history?limit=2&page=2`,
      prev: null,
    });
    const second = await liam.agent.get(`/api/gift-cards/${cardId}/history?limit=2&page=2`);
    expect(second.body.map((line: Line) => line.kind)).toEqual(['issued']);
    const past = await liam.agent.get(`/api/gift-cards/${cardId}/history?limit=2&page=5`);
    expect([past.body, totalCount(past)]).toEqual([[], 3]);
  });

  it('starts a card older than its history with its issue, read from the card itself', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    await context.database.db.execute(
      sql`delete from gift_card_activities where gift_card_id = ${card.id}`,
    );
    const response = await agent.get(`/api/gift-cards/${card.id}/history`);
    expect(response.body).toEqual([
      expect.objectContaining({
        id: `c${card.id}`,
        kind: 'issued',
        amount: 10,
        balanceAfter: 10,
        description: `Issued by Bean Street Coffee at ${STARBUCKS_STORE}`,
      }),
    ]);
    expect(totalCount(response)).toBe(1);
  });

  it('tells the holder of a paid card who bought it for them, with their message', async () => {
    const ava = await signedInConsumer(context, { name: 'Ava Brooks' });
    const cardId = await insertPaidCard(context.database.db, {
      ownerId: ava.user.id,
      buyerName: 'Noah Green',
      valueCents: 2500,
      message: 'Coffee on me',
    });
    const response = await ava.agent.get(`/api/gift-cards/${cardId}/history`);
    expect(lines(response.body)).toEqual([
      {
        kind: 'issued',
        amount: 25,
        balanceAfter: 25,
        description: 'Bought for you by Noah Green: "Coffee on me"',
      },
    ]);
  });
});

describe('the gift moment', () => {
  it("carries the sender's message to the card, the notification and the history", async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    const liam = await signedInConsumer(context);
    await casey.agent
      .post(`/api/gift-cards/${casey.card.id}/send`)
      .send({ recipientUsername: liam.user.username, message: 'Happy birthday!' })
      .expect(201);

    const wallet = await liam.agent.get('/api/gift-cards/consumer/wallet');
    expect(wallet.body[0]).toMatchObject({
      id: casey.card.id,
      message: 'Happy birthday!',
      promotional: true,
      sender_name: 'Casey Consumer',
    });
    const notifications = await liam.agent.get('/api/consumer/notifications');
    expect(notifications.body[0]).toMatchObject({
      type: 'gift_received',
      message: 'You received a $10.00 gift card from Casey Consumer: "Happy birthday!"',
    });
    const history = await liam.agent.get(`/api/gift-cards/${casey.card.id}/history`);
    expect(history.body[0].description).toBe('Received from Casey Consumer: "Happy birthday!"');
  });

  it('says a paid card is not promotional, and a claimed one is', async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    const paid = await insertPaidCard(context.database.db, {
      ownerId: casey.user.id,
      buyerName: 'Noah Green',
      valueCents: 2000,
      message: 'Enjoy',
    });
    const wallet = await casey.agent.get('/api/gift-cards/consumer/wallet');
    const byId = new Map(wallet.body.map((card: { id: number }) => [card.id, card]));
    expect(byId.get(paid)).toMatchObject({ promotional: false, message: 'Enjoy', value: 20 });
    expect(byId.get(casey.card.id)).toMatchObject({ promotional: true, message: '' });
  });

  it('sends a partly spent card on with what is left on it', async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    // A promotional card is spent at the counter of the business whose pin issued it.
    const counter = casey.business;
    await spend(casey.agent, casey.card.id, counter.agent, 4.5);
    const liam = await signedInConsumer(context, { name: 'Liam Carter' });
    const sent = await casey.agent
      .post(`/api/gift-cards/${casey.card.id}/send`)
      .send({ recipientUsername: liam.user.username });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ value: 5.5, recipient_name: 'Liam Carter' });

    const theirs = await liam.agent.get('/api/gift-cards/consumer/wallet');
    expect(theirs.body[0]).toMatchObject({ id: casey.card.id, balance: 5.5, value: 10 });
    expect((await liam.agent.get('/api/wallet')).body.balance).toBe(5.5);
    const notifications = await liam.agent.get('/api/consumer/notifications');
    expect(notifications.body[0].message).toBe(
      'You received a $5.50 gift card from Casey Consumer',
    );
    const gifts = await liam.agent.get('/api/gift-cards/gift-cards');
    expect(gifts.body[0]).toMatchObject({ direction: 'received', value: 5.5 });
    const caseyWallet = await casey.agent.get('/api/wallet');
    expect(caseyWallet.body.transactions[0]).toMatchObject({ kind: 'gift_sent', amount: 5.5 });
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });
});

describe("the wallet's words", () => {
  it("lists a consumer's counter spends as spends, and counts only gifts as sent and received", async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    // A promotional card is spent at the counter of the business whose pin issued it.
    const counter = casey.business;
    const spendId = await spend(casey.agent, casey.card.id, counter.agent, 4.5, store.starbucks);

    const afterSpend = await casey.agent.get('/api/wallet');
    expect(afterSpend.body.balance).toBe(5.5);
    expect(afterSpend.body.transactions[0]).toEqual({
      id: `t${spendId}`,
      kind: 'redeem',
      description: `Spent $4.50 at ${STARBUCKS_STORE}`,
      type: 'sent',
      date: expect.any(String),
      amount: 4.5,
      status: 'completed',
    });
    // The claimed card is a gift received; the spend is neither sent nor a gift.
    expect(afterSpend.body.summary).toEqual({
      received: 10,
      sent: 0,
      thisMonth: 5.5,
      totalTransactions: 1,
    });

    const liam = await signedInConsumer(context);
    await casey.agent
      .post(`/api/gift-cards/${casey.card.id}/send`)
      .send({ recipientUsername: liam.user.username })
      .expect(201);
    const afterGift = await casey.agent.get('/api/wallet');
    expect(afterGift.body.summary).toEqual({
      received: 10,
      sent: 5.5,
      thisMonth: 0,
      totalTransactions: 2,
    });
    // The spend stays in Casey's history after the card left, and never reaches Liam's.
    const history = await casey.agent.get('/api/wallet/transactions');
    expect(history.body.map((line: { kind: string }) => line.kind)).toEqual([
      'gift_sent',
      'redeem',
      'claim',
    ]);
    expect(totalCount(history)).toBe(3);
    const liamHistory = await liam.agent.get('/api/wallet/transactions');
    expect(liamHistory.body.map((line: { kind: string }) => line.kind)).toEqual(['gift_received']);
  });

  it("counts a business's top-up and the spends it took as neither gifts sent nor received", async () => {
    const business = await fundedBusiness(context, 100, 'Summary Coffee');
    const topUp = await business.agent.get('/api/wallet');
    expect(topUp.body.summary).toEqual({
      received: 0,
      sent: 0,
      thisMonth: 100,
      totalTransactions: 0,
    });

    // Its pin's card claimed is a gift it gave; a spend at its counter comes in, and is no gift.
    const pinId = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 1 });
    const consumer = await signedInConsumer(context);
    const claim = await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    await spend(consumer.agent, claim.body.giftCard.id, business.agent, 3);
    const wallet = await business.agent.get('/api/wallet');
    expect(wallet.body.balance).toBe(93);
    expect(wallet.body.summary).toEqual({
      received: 0,
      sent: 10,
      thisMonth: 93,
      totalTransactions: 1,
    });
    expect(wallet.body.transactions[0]).toMatchObject({
      kind: 'redeem',
      type: 'received',
      amount: 3,
    });
    const [row] = await queryRows<{ count: string }>(
      context.database.db,
      sql`select count(*) from ledger_transactions where user_id = ${business.user.id}`,
    );
    expect(totalCount(await business.agent.get('/api/wallet/transactions'))).toBe(
      Number(row!.count),
    );
  });
});
