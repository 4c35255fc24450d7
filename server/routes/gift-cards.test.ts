import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards } from '@shared/tables/gift-cards';
import { checkLedger } from '../services/ledger/check-ledger';
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

const codeOf = async (cardId: number) => {
  const [row] = await context.database.db
    .select({ code: giftCards.code })
    .from(giftCards)
    .where(eq(giftCards.id, cardId));
  return row!.code;
};

const healthyLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };

describe('GET /api/gift-cards/consumer/wallet', () => {
  it("lists the consumer's usable cards, soonest expiry first, without codes", async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const response = await agent.get('/api/gift-cards/consumer/wallet');
    expect(response.status).toBe(200);
    expect(totalCount(response)).toBe(1);
    expect(pageLinks(response)).toEqual({ next: null, prev: null });
    expect(response.body[0]).toMatchObject({
      id: card.id,
      sender_name: 'Bean Street Coffee',
      brand: 'starbucks',
      value: 10,
      balance: 10,
      status: 'active',
    });
    expect(JSON.stringify(response.body)).not.toContain(await codeOf(card.id));
    const past = await agent.get('/api/gift-cards/consumer/wallet?page=3&limit=1');
    expect(past.body).toEqual([]);
    expect(totalCount(past)).toBe(1);
    // Past the last page, `prev` leads back to the last page there is.
    expect(pageLinks(past)).toEqual({
      next: null,
      prev: '/api/gift-cards/consumer/wallet?page=1&limit=1',
    });
  });

  it('leaves out expired and spent cards; the balance counts only usable ones', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    await context.database.db.execute(
      sql`update gift_cards set expires_at = now() - interval '1 second' where id = ${card.id}`,
    );
    const response = await agent.get('/api/gift-cards/consumer/wallet');
    expect(response.body).toEqual([]);
    expect((await agent.get('/api/wallet')).body.balance).toBe(0);
  });

  it('answers 400 for a bad page, 401 without a session and 403 for a business', async () => {
    const consumer = await signedInConsumer(context);
    expect((await consumer.agent.get('/api/gift-cards/consumer/wallet?limit=500')).status).toBe(
      400,
    );
    expect((await context.agent().get('/api/gift-cards/consumer/wallet')).status).toBe(401);
    const business = await fundedBusiness(context, 0);
    expect((await business.agent.get('/api/gift-cards/consumer/wallet')).status).toBe(403);
  });
});

describe('POST /api/gift-cards/:id/send', () => {
  it('moves an unused card to another consumer with a new code and records the gift', async () => {
    const { agent, card, user } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context, { name: 'Liam Carter' });
    const oldCode = await codeOf(card.id);

    const response = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username.toUpperCase(), message: 'Enjoy!' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      sender_id: user.id,
      sender_name: 'Casey Consumer',
      recipient_id: friend.user.id,
      recipient_name: 'Liam Carter',
      brand: 'starbucks',
      value: 10,
      message: 'Enjoy!',
      direction: 'sent',
    });
    expect(await codeOf(card.id)).not.toBe(oldCode);

    const mine = await agent.get('/api/gift-cards/consumer/wallet');
    expect(mine.body).toEqual([]);
    const theirs = await friend.agent.get('/api/gift-cards/consumer/wallet');
    expect(theirs.body[0]).toMatchObject({
      id: card.id,
      sender_name: 'Casey Consumer',
      source: 'friend_gift',
      balance: 10,
    });
    // The old owner can no longer use it.
    expect((await agent.post(`/api/gift-cards/${card.id}/redemption-code`)).status).toBe(404);

    const senderWallet = await agent.get('/api/wallet');
    expect(senderWallet.body.transactions[0]).toMatchObject({
      kind: 'gift_sent',
      type: 'sent',
      amount: 10,
      description: 'Starbucks gift card sent to Liam Carter',
    });
    const friendWallet = await friend.agent.get('/api/wallet');
    expect(friendWallet.body.balance).toBe(10);
    expect(friendWallet.body.transactions[0]).toMatchObject({
      kind: 'gift_received',
      type: 'received',
      description: 'Starbucks gift card from Casey Consumer',
    });

    const gifts = await friend.agent.get('/api/gift-cards/gift-cards');
    expect(gifts.body[0]).toMatchObject({ direction: 'received', value: 10 });
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });

  it('refuses yourself, a business and an unknown user; sends a partly spent card on', async () => {
    const { agent, card, user, business } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context);

    const self = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: user.username });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot send a gift card to yourself');

    const toBusiness = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: business.user.username });
    expect(toBusiness.status).toBe(400);
    expect(toBusiness.body.message).toBe('Gift cards can only be sent to consumers');

    const unknown = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: 'nobody_here_at_all' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');

    const empty = await agent.post(`/api/gift-cards/${card.id}/send`).send({});
    expect(empty.status).toBe(400);

    // Spent in part at the counter, the card goes on with what is left.
    expect((await spendAtCounter(agent, card.id, business.agent, 1)).status).toBe(201);
    const partly = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username });
    expect([partly.status, partly.body.value]).toEqual([201, 9]);
    expect((await friend.agent.get('/api/gift-cards/consumer/wallet')).body).toEqual([
      expect.objectContaining({ id: card.id, balance: 9, value: 10 }),
    ]);
  });

  it("answers 404 for someone else's card, 401 and 403", async () => {
    const { card } = await consumerWithCard(context, store.starbucks);
    const stranger = await signedInConsumer(context);
    const other = await signedInConsumer(context);
    const body = { recipientUsername: other.user.username };
    expect((await stranger.agent.post(`/api/gift-cards/${card.id}/send`).send(body)).status).toBe(
      404,
    );
    expect((await context.agent().post(`/api/gift-cards/${card.id}/send`).send(body)).status).toBe(
      401,
    );
    const business = await fundedBusiness(context, 0);
    expect((await business.agent.post(`/api/gift-cards/${card.id}/send`).send(body)).status).toBe(
      403,
    );
  });
});

describe('POST /api/gift-cards/request and the requests list', () => {
  it('asks another consumer for a gift; they see it, and sending to the requester fulfils it', async () => {
    const asker = await signedInConsumer(context, { name: 'Maya Rodriguez' });
    const { agent: giver, card } = await consumerWithCard(context, store.starbucks);
    const giverName = (await giver.get('/api/user')).body.username as string;

    const created = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: giverName, brand: 'starbucks', amount: 25, message: 'Birthday?' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      requester: { name: 'Maya Rodriguez', username: asker.user.username },
      brand: 'starbucks',
      amount: 25,
      message: 'Birthday?',
      status: 'pending',
    });

    const twice = await asker.agent.post('/api/gift-cards/request').send({ username: giverName });
    expect(twice.status).toBe(409);

    const inbox = await giver.get('/api/gift-cards/requests');
    expect(inbox.body.map((item: { id: number }) => item.id)).toEqual([created.body.id]);
    expect((await asker.agent.get('/api/gift-cards/requests')).body).toEqual([]);

    await giver
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: asker.user.username })
      .expect(201);
    expect((await giver.get('/api/gift-cards/requests')).body).toEqual([]);
  });

  it('rejects bad input: yourself, unknown brand, amount out of range, unknown user', async () => {
    const asker = await signedInConsumer(context);
    const other = await signedInConsumer(context);
    const self = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: asker.user.username });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot request a gift from yourself');
    const brand = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: other.user.username, brand: 'tesla' });
    expect(brand.status).toBe(400);
    const amount = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: other.user.username, amount: 501 });
    expect(amount.status).toBe(400);
    expect(amount.body.message).toBe('Amount must be between $5 and $500');
    const unknown = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: 'nobody_here_at_all' });
    expect(unknown.status).toBe(404);
    expect(totalCount(await other.agent.get('/api/gift-cards/requests'))).toBe(0);
  });

  it('lets the asked consumer decline; nobody else can', async () => {
    const asker = await signedInConsumer(context);
    const asked = await signedInConsumer(context);
    const created = await asker.agent
      .post('/api/gift-cards/request')
      .send({ username: asked.user.username });
    const byAsker = await asker.agent.post(`/api/gift-cards/requests/${created.body.id}/decline`);
    expect(byAsker.status).toBe(404);
    const declined = await asked.agent.post(`/api/gift-cards/requests/${created.body.id}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    const again = await asked.agent.post(`/api/gift-cards/requests/${created.body.id}/decline`);
    expect(again.status).toBe(409);
  });

  it('answers 401 without a session and 403 for a business', async () => {
    const other = await signedInConsumer(context);
    const body = { username: other.user.username };
    expect((await context.agent().post('/api/gift-cards/request').send(body)).status).toBe(401);
    const business = await fundedBusiness(context, 0);
    expect((await business.agent.post('/api/gift-cards/request').send(body)).status).toBe(403);
    expect((await business.agent.get('/api/gift-cards/requests')).status).toBe(403);
  });
});

describe('GET /api/gift-cards/gift-cards', () => {
  it('lists gifts sent and received, newest first; 401 and 403 otherwise', async () => {
    const fresh = await signedInConsumer(context);
    const empty = await fresh.agent.get('/api/gift-cards/gift-cards');
    expect(empty.body).toEqual([]);
    expect(totalCount(empty)).toBe(0);
    expect((await fresh.agent.get('/api/gift-cards/gift-cards?page=0')).status).toBe(400);
    expect((await context.agent().get('/api/gift-cards/gift-cards')).status).toBe(401);
    const business = await fundedBusiness(context, 0);
    expect((await business.agent.get('/api/gift-cards/gift-cards')).status).toBe(403);
  });
});

describe('GET /api/gift-cards/issued', () => {
  it("lists the cards a business's pins issued, with who holds them", async () => {
    const business = await fundedBusiness(context, 1000, 'Issuer Co');
    const pinId = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin', value: 7 });
    const consumer = await signedInConsumer(context, { name: 'Ava Thompson' });
    await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);

    const response = await business.agent.get('/api/gift-cards/issued');
    expect(response.status).toBe(200);
    expect(totalCount(response)).toBe(1);
    expect(response.body[0]).toMatchObject({
      consumer_name: 'Ava Thompson',
      consumer_username: consumer.user.username,
      brand: 'dunkin',
      value: 7,
      balance: 7,
      status: 'active',
    });
    const otherBusiness = await fundedBusiness(context, 0);
    expect((await otherBusiness.agent.get('/api/gift-cards/issued')).body).toEqual([]);
    expect((await business.agent.get('/api/gift-cards/issued?limit=0')).status).toBe(400);
    expect((await consumer.agent.get('/api/gift-cards/issued')).status).toBe(403);
    expect((await context.agent().get('/api/gift-cards/issued')).status).toBe(401);
  });
});
