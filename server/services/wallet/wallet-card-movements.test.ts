import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows';
import { expireCardNow } from '../../testing/card-history';
import { consumerWithCard, signedInConsumer } from '../../testing/gift-cards';
import { spendAtCounter } from '../../testing/redemptions';
import { insertTestStores } from '../../testing/stores';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { cardMovementDrift } from '../../testing/wallet-card-movements';
import { expireGiftCards } from '../gift-cards/expire-gift-cards';

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

/** What a consumer's wallet history says, line by line, as the app shows it. */
async function historyOf(agent: ReturnType<TestContext['agent']>) {
  const response = await agent.get('/api/wallet/transactions?limit=50').expect(200);
  return (
    response.body as { kind: string; type: string; amount: number; description: string }[]
  ).map(({ kind, type, amount, description }) => ({ kind, type, amount, description }));
}

// The wallet's history reads each user's card movements from wallet_card_movements, which
// triggers keep as gifts are sent and cards are spent, given on and expire. The table must say
// what the gifts and the cards' histories say, whoever held each card at the time.
it('records each gift, spend and expiry in the wallet of whoever held the card then', async () => {
  const casey = await consumerWithCard(context, store.starbucks);
  // A promotional card is spent at the counter of the business whose pin issued it.
  const counter = casey.business;
  const spent = await spendAtCounter(casey.agent, casey.card.id, counter.agent, 4.5, {
    storeId: store.starbucks,
  });
  expect(spent.status).toBe(201);
  const liam = await signedInConsumer(context, { name: 'Liam Carter' });
  await casey.agent
    .post(`/api/gift-cards/${casey.card.id}/send`)
    .send({ recipientUsername: liam.user.username })
    .expect(201);
  expect((await spendAtCounter(liam.agent, casey.card.id, counter.agent, 1.5)).status).toBe(201);
  // What is left on the card ($4) goes back to its business when it expires.
  await expireCardNow(context.database.db, casey.card.id);
  await expireGiftCards(context.database.db);

  expect(await cardMovementDrift(context.database.db)).toBe(0);
  expect(await historyOf(casey.agent)).toEqual([
    expect.objectContaining({ kind: 'gift_sent', type: 'sent', amount: 5.5 }),
    expect.objectContaining({ kind: 'redeem', type: 'sent', amount: 4.5 }),
    expect.objectContaining({ kind: 'claim', type: 'received', amount: 10 }),
  ]);
  expect(await historyOf(liam.agent)).toEqual([
    expect.objectContaining({ kind: 'card_expiry', type: 'sent', amount: 4 }),
    expect.objectContaining({ kind: 'redeem', type: 'sent', amount: 1.5 }),
    expect.objectContaining({ kind: 'gift_received', type: 'received', amount: 5.5 }),
  ]);
  const summary = (await liam.agent.get('/api/wallet').expect(200)).body.summary;
  expect(summary).toMatchObject({ received: 5.5, sent: 0, totalTransactions: 1 });
});

it('follows a gift or an event corrected or removed by hand', async () => {
  const casey = await consumerWithCard(context, store.starbucks);
  const liam = await signedInConsumer(context, { name: 'Liam Carter' });
  await casey.agent
    .post(`/api/gift-cards/${casey.card.id}/send`)
    .send({ recipientUsername: liam.user.username })
    .expect(201);
  const db = context.database.db;
  // A gift dated last month and worth more, then a spend by hand, corrected, then taken out.
  await db.execute(sql`update gifts set created_at = created_at - interval '40 days',
      value_cents = value_cents + 100 where gift_card_id = ${casey.card.id}`);
  expect(await cardMovementDrift(db)).toBe(0);
  const [added] = await queryRows<{ id: number }>(
    db,
    sql`insert into gift_card_activities (gift_card_id, kind, amount_cents, balance_after_cents)
        values (${casey.card.id}, 'spent', 200, 800) returning id`,
  );
  expect(await cardMovementDrift(db)).toBe(0);
  await db.execute(sql`update gift_card_activities set amount_cents = 300 where id = ${added!.id}`);
  expect(await cardMovementDrift(db)).toBe(0);
  const [movement] = await queryRows<{ user_id: number; amount_cents: string | number }>(
    db,
    sql`select user_id, amount_cents from wallet_card_movements where activity_id = ${added!.id}`,
  );
  expect({ ...movement, amount_cents: Number(movement!.amount_cents) }).toEqual({
    user_id: liam.user.id,
    amount_cents: 300,
  });
  // Deleting an account rewrites the names on its events: their movements are left as they are.
  const version = async () =>
    (
      await queryRows<{ version: string }>(
        db,
        sql`select xmin::text as version from wallet_card_movements where activity_id = ${added!.id}`,
      )
    )[0]?.version;
  const before = await version();
  await db.execute(
    sql`update gift_card_activities set actor_name = 'A deleted account' where id = ${added!.id}`,
  );
  expect(await version()).toBe(before);
  await db.execute(sql`delete from gift_card_activities where id = ${added!.id}`);
  expect(await cardMovementDrift(db)).toBe(0);
  const summary = (await liam.agent.get('/api/wallet').expect(200)).body.summary;
  expect(summary).toMatchObject({ received: 11, thisMonth: 0, totalTransactions: 1 });
});

it("pages a consumer's ledger and card movements together, in one order, each line once", async () => {
  const casey = await consumerWithCard(context, store.starbucks);
  const friends = [];
  for (let index = 0; index < 3; index += 1) {
    friends.push(await consumerWithCard(context, store.starbucks));
  }
  // Casey's claim (a ledger transaction) and three cards given by friends (card movements).
  for (const friend of friends) {
    await friend.agent
      .post(`/api/gift-cards/${friend.card.id}/send`)
      .send({ recipientUsername: casey.user.username })
      .expect(201);
  }
  const whole = await historyOf(casey.agent);
  expect(whole.map(({ kind }) => kind)).toEqual([
    'gift_received',
    'gift_received',
    'gift_received',
    'claim',
  ]);
  const paged = [];
  for (let page = 1; page <= 5; page += 1) {
    const response = await casey.agent
      .get(`/api/wallet/transactions?page=${page}&limit=1`)
      .expect(200);
    paged.push(
      ...(
        response.body as { kind: string; type: string; amount: number; description: string }[]
      ).map(({ kind, type, amount, description }) => ({ kind, type, amount, description })),
    );
  }
  expect(paged).toEqual(whole);
  expect(whole[0]!.description).toMatch(/^Starbucks gift card from /);
});
