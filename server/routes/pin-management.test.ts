import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@shared/schema/gift-cards';
import { type BusinessPin, PIN_MANAGE_MESSAGES } from '@shared/schema/pins';
import { ledgerAccounts } from '@shared/tables/ledger';
import { pins } from '@shared/tables/pins';
import { checkLedger } from '../services/ledger/check-ledger';
import { expirePins } from '../services/pins/pin-refunds';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { totalCount } from '../testing/page-headers';
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

type Agent = ReturnType<TestContext['agent']>;
const BOSTON = { lat: 42.347, lng: -71.087 };
const DAY = 86_400_000;

/** The business's funds, in dollars, as its wallet shows them. */
const fundsOf = async (agent: Agent) => (await agent.get('/api/wallet')).body.balance as number;

/** What the pin's reserve holds, in cents. */
async function reserveOf(pinId: number): Promise<number> {
  const [account] = await context.database.db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.pinId, pinId));
  return Number(account?.balance);
}

async function pinOf(agent: Agent, pinId: number): Promise<BusinessPin> {
  const listed = await agent.get('/api/pins/mine?limit=100');
  const pin = (listed.body as BusinessPin[]).find((item) => item.id === pinId);
  if (!pin) throw new Error(`pin ${pinId} not listed`);
  return pin;
}

/** The ids of the pins the marketplace offers in Boston to this consumer. */
async function offeredIds(consumer: Agent): Promise<number[]> {
  const response = await consumer
    .get('/api/gift-cards/marketplace')
    .query({ ...BOSTON, limit: 100 });
  expect(response.status).toBe(200);
  return (response.body as Array<{ id: number }>).map((pin) => pin.id);
}

/** A business with funds and a fresh pin of $10 cards (5 unless told). */
async function businessWithPin(amount = 1000, overrides: Record<string, unknown> = {}) {
  const business = await fundedBusiness(context, amount);
  const pinId = await createTestPin(business.agent, store.starbucks, overrides);
  return { agent: business.agent, pinId };
}

async function expectLedgerBalanced() {
  expect(await checkLedger(context.database.db)).toEqual({
    entriesSum: 0,
    driftedAccounts: 0,
    negativeAccounts: 0,
  });
}

/** Every management route refuses these callers the same way, and changes nothing. */
const ACTIONS = [
  { action: 'pause', body: {} },
  { action: 'resume', body: {} },
  { action: 'extend', body: { days: 7 } },
  { action: 'top-up', body: { quantity: 1 } },
] as const;

describe.each(ACTIONS)('POST /api/pins/:id/$action: who may call it', ({ action, body }) => {
  it('answers 401 without a session, 403 for a consumer, 404 for another business’s pin', async () => {
    const { agent, pinId } = await businessWithPin(100);
    const before = await pinOf(agent, pinId);

    const anonymous = await request(context.app).post(`/api/pins/${pinId}/${action}`).send(body);
    expect(anonymous.status).toBe(401);
    const consumer = await signedInConsumer(context);
    expect((await consumer.agent.post(`/api/pins/${pinId}/${action}`).send(body)).status).toBe(403);
    const intruder = await fundedBusiness(context, 100);
    const foreign = await intruder.agent.post(`/api/pins/${pinId}/${action}`).send(body);
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Pin not found']);
    const missing = await agent.post(`/api/pins/99999999/${action}`).send(body);
    expect([missing.status, missing.body.message]).toEqual([404, 'Pin not found']);
    const badId = await agent.post(`/api/pins/abc/${action}`).send(body);
    expect([badId.status, badId.body.message]).toEqual([400, 'Pin id must be a number']);

    expect(await pinOf(agent, pinId)).toEqual(before);
    expect(await fundsOf(intruder.agent)).toBe(100);
  });

  it('answers 409 "This pin is already cancelled" on a cancelled pin', async () => {
    const { agent, pinId } = await businessWithPin(100);
    await agent.post(`/api/pins/${pinId}/cancel`).expect(200);
    const response = await agent.post(`/api/pins/${pinId}/${action}`).send(body);
    expect([response.status, response.body.message]).toEqual([
      409,
      PIN_MANAGE_MESSAGES.ended('cancelled'),
    ]);
    expect((await pinOf(agent, pinId)).status).toBe('cancelled');
    expect(await fundsOf(agent)).toBe(100);
  });

  it('answers 409 "This pin is already expired" once its expiry has passed', async () => {
    const { agent, pinId } = await businessWithPin(100);
    await context.database.db
      .update(pins)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pins.id, pinId));
    const response = await agent.post(`/api/pins/${pinId}/${action}`).send(body);
    expect([response.status, response.body.message]).toEqual([
      409,
      PIN_MANAGE_MESSAGES.ended('expired'),
    ]);
    // Expired and refunded in full: nothing was added to it.
    expect(await pinOf(agent, pinId)).toMatchObject({ status: 'expired', quantity: 5 });
    expect(await fundsOf(agent)).toBe(100);
  });
});

describe('POST /api/pins/:id/pause and /resume', () => {
  it('pauses an active pin: off the marketplace, a claim answers 409, the money stays reserved', async () => {
    const { agent, pinId } = await businessWithPin(100);
    const consumer = await signedInConsumer(context);
    expect(await offeredIds(consumer.agent)).toContain(pinId);

    const paused = await agent.post(`/api/pins/${pinId}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: pinId, status: 'paused', remaining: 5 });
    expect(await offeredIds(consumer.agent)).not.toContain(pinId);
    const claim = await consumer.agent.post(`/api/pins/${pinId}/claim`);
    expect([claim.status, claim.body.message]).toEqual([409, CLAIM_MESSAGES.paused]);
    expect(await reserveOf(pinId)).toBe(5000);
    expect(await fundsOf(agent)).toBe(50);

    const again = await agent.post(`/api/pins/${pinId}/pause`);
    expect([again.status, again.body.message]).toEqual([409, PIN_MANAGE_MESSAGES.notActive]);

    const resumed = await agent.post(`/api/pins/${pinId}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id: pinId, status: 'active', remaining: 5 });
    expect(await offeredIds(consumer.agent)).toContain(pinId);
    expect((await consumer.agent.post(`/api/pins/${pinId}/claim`)).status).toBe(201);
    expect(await reserveOf(pinId)).toBe(4000);
  });

  it('answers 409 when resuming a pin that is not paused, and pausing a sold-out one', async () => {
    const { agent, pinId } = await businessWithPin(100, { quantity: 1 });
    const notPaused = await agent.post(`/api/pins/${pinId}/resume`);
    expect([notPaused.status, notPaused.body.message]).toEqual([
      409,
      PIN_MANAGE_MESSAGES.notPaused,
    ]);
    const consumer = await signedInConsumer(context);
    await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    expect((await pinOf(agent, pinId)).status).toBe('exhausted');
    const soldOut = await agent.post(`/api/pins/${pinId}/pause`);
    expect([soldOut.status, soldOut.body.message]).toEqual([409, PIN_MANAGE_MESSAGES.notActive]);
    expect((await pinOf(agent, pinId)).status).toBe('exhausted');
  });

  it('lists paused and sold-out pins with the active ones when asked for several statuses', async () => {
    const business = await fundedBusiness(context, 1000);
    const active = await createTestPin(business.agent, store.starbucks);
    const paused = await createTestPin(business.agent, store.starbucks);
    const soldOut = await createTestPin(business.agent, store.starbucks, { quantity: 1 });
    const cancelled = await createTestPin(business.agent, store.starbucks);
    await business.agent.post(`/api/pins/${paused}/pause`).expect(200);
    await (await signedInConsumer(context)).agent.post(`/api/pins/${soldOut}/claim`).expect(201);
    await business.agent.post(`/api/pins/${cancelled}/cancel`).expect(200);

    const listed = await business.agent.get('/api/pins/mine?status=active,paused,exhausted');
    expect(listed.status).toBe(200);
    expect(totalCount(listed)).toBe(3);
    expect((listed.body as BusinessPin[]).map((pin) => [pin.id, pin.status])).toEqual([
      [soldOut, 'exhausted'],
      [paused, 'paused'],
      [active, 'active'],
    ]);
    const onlyActive = await business.agent.get('/api/pins/mine?status=active');
    expect((onlyActive.body as BusinessPin[]).map((pin) => pin.id)).toEqual([active]);
    const bad = await business.agent.get('/api/pins/mine?status=active,nope');
    expect([bad.status, bad.body.message]).toEqual([400, 'Unknown pin status']);
  });
});

describe('POST /api/pins/:id/extend', () => {
  it('pushes the expiry later by whole days, up to exactly a year from today', async () => {
    const { agent, pinId } = await businessWithPin(100, { expiresInDays: 90 });
    const before = Date.parse((await pinOf(agent, pinId)).expiresAt);

    const extended = await agent.post(`/api/pins/${pinId}/extend`).send({ days: 14 });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ id: pinId, status: 'active' });
    expect(Date.parse(extended.body.expiresAt) - before).toBe(14 * DAY);

    // 90 + 14 + 261 = 365 days from the pin's creation: still within a year from now.
    const toTheYear = await agent.post(`/api/pins/${pinId}/extend`).send({ days: 261 });
    expect(toTheYear.status).toBe(200);
    expect(Date.parse(toTheYear.body.expiresAt) - before).toBe(275 * DAY);

    const tooLong = await agent.post(`/api/pins/${pinId}/extend`).send({ days: 1 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(PIN_MANAGE_MESSAGES.tooLong);
    expect(tooLong.body.errors.days).toBe(PIN_MANAGE_MESSAGES.tooLong);
    expect((await pinOf(agent, pinId)).expiresAt).toBe(toTheYear.body.expiresAt);
  });

  it('extends a paused pin and a sold-out one', async () => {
    const { agent, pinId } = await businessWithPin(100, { quantity: 1 });
    await agent.post(`/api/pins/${pinId}/pause`).expect(200);
    const paused = await agent.post(`/api/pins/${pinId}/extend`).send({ days: 7 });
    expect([paused.status, paused.body.status]).toEqual([200, 'paused']);
    await agent.post(`/api/pins/${pinId}/resume`).expect(200);
    await (await signedInConsumer(context)).agent.post(`/api/pins/${pinId}/claim`).expect(201);
    const soldOut = await agent.post(`/api/pins/${pinId}/extend`).send({ days: 7 });
    expect([soldOut.status, soldOut.body.status]).toEqual([200, 'exhausted']);
  });

  it.each([
    [{}, 'Days must be a number'],
    [{ days: 0 }, 'Days must be between 1 and 365'],
    [{ days: 366 }, 'Days must be between 1 and 365'],
    [{ days: 1.5 }, 'Days must be a whole number'],
    [{ days: '7' }, 'Days must be a number'],
  ])('rejects %j with 400 and leaves the expiry alone', async (body, message) => {
    const { agent, pinId } = await businessWithPin(100);
    const before = await pinOf(agent, pinId);
    const response = await agent.post(`/api/pins/${pinId}/extend`).send(body);
    expect([response.status, response.body.message]).toEqual([400, message]);
    expect(await pinOf(agent, pinId)).toEqual(before);
  });
});

describe('POST /api/pins/:id/top-up', () => {
  it('adds cards and moves value × n from the funds to the pin’s reserve', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 10, quantity: 5 });
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([50, 5000]);

    const response = await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 3 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: pinId,
      quantity: 8,
      remaining: 8,
      claimed: 0,
      status: 'active',
    });
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([20, 8000]);
    const wallet = (await agent.get('/api/wallet')).body;
    expect(wallet.transactions[0]).toMatchObject({ kind: 'pin_reserve', amount: 30 });
    await expectLedgerBalanced();
  });

  it('answers 409 "Insufficient funds" without the funds, and changes nothing', async () => {
    const { agent, pinId } = await businessWithPin(60, { value: 10, quantity: 5 });
    const before = await pinOf(agent, pinId);
    const response = await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 2 });
    expect([response.status, response.body.message]).toEqual([409, 'Insufficient funds']);
    expect(await pinOf(agent, pinId)).toEqual(before);
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([10, 5000]);
    // Exactly what is left is enough.
    await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 1 }).expect(200);
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([0, 6000]);
  });

  it('puts a sold-out pin back on offer, and keeps a paused one paused', async () => {
    const { agent, pinId } = await businessWithPin(100, { quantity: 1 });
    const consumer = await signedInConsumer(context);
    await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    expect(await reserveOf(pinId)).toBe(0);

    const topped = await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 2 });
    expect(topped.body).toMatchObject({ status: 'active', quantity: 3, remaining: 2, claimed: 1 });
    const other = await signedInConsumer(context);
    expect(await offeredIds(other.agent)).toContain(pinId);

    await agent.post(`/api/pins/${pinId}/pause`).expect(200);
    const paused = await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 1 });
    expect(paused.body).toMatchObject({ status: 'paused', quantity: 4, remaining: 3 });
    expect(await reserveOf(pinId)).toBe(3000);
  });

  it('refuses to go past 1,000 cards, and bad quantities, moving no money', async () => {
    const { agent, pinId } = await businessWithPin(5000, { value: 5, quantity: 999 });
    const before = await pinOf(agent, pinId);
    const funds = await fundsOf(agent);
    const tooMany = await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 2 });
    expect([tooMany.status, tooMany.body.message]).toEqual([400, PIN_MANAGE_MESSAGES.tooMany]);
    expect(tooMany.body.errors.quantity).toBe(PIN_MANAGE_MESSAGES.tooMany);
    for (const [body, message] of [
      [{}, 'Quantity must be a number'],
      [{ quantity: 0 }, 'Quantity must be between 1 and 1,000'],
      [{ quantity: 2.5 }, 'Quantity must be a whole number'],
    ] as const) {
      const response = await agent.post(`/api/pins/${pinId}/top-up`).send(body);
      expect([response.status, response.body.message]).toEqual([400, message]);
    }
    expect(await pinOf(agent, pinId)).toEqual(before);
    expect(await fundsOf(agent)).toBe(funds);
    await agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 1 }).expect(200);
    expect((await pinOf(agent, pinId)).quantity).toBe(1000);
  });
});

describe('cancel and expiry of paused and sold-out pins', () => {
  it('cancels a paused pin and refunds its whole reserve', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 10, quantity: 5 });
    await (await signedInConsumer(context)).agent.post(`/api/pins/${pinId}/claim`).expect(201);
    await agent.post(`/api/pins/${pinId}/pause`).expect(200);
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([50, 4000]);

    const cancelled = await agent.post(`/api/pins/${pinId}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([90, 0]);
    await expectLedgerBalanced();
  });

  it('a top-up racing a cancellation leaves every dollar back in the funds', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 10, quantity: 5 });
    const [topUp, cancel] = await Promise.all([
      agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 2 }),
      agent.post(`/api/pins/${pinId}/cancel`),
    ]);
    expect(cancel.status).toBe(200);
    // Before the cancellation it was refunded with the rest; after it, it was refused.
    expect([200, 409]).toContain(topUp.status);
    expect((await pinOf(agent, pinId)).status).toBe('cancelled');
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([100, 0]);
    await expectLedgerBalanced();
  });

  it('cancels a sold-out pin, with nothing to refund', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 10, quantity: 1 });
    await (await signedInConsumer(context)).agent.post(`/api/pins/${pinId}/claim`).expect(201);
    const cancelled = await agent.post(`/api/pins/${pinId}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    expect(await fundsOf(agent)).toBe(90);
  });

  it('expires a sold-out pin past its expiry: no longer among the pins to act on', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 10, quantity: 1 });
    await (await signedInConsumer(context)).agent.post(`/api/pins/${pinId}/claim`).expect(201);
    await context.database.db
      .update(pins)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pins.id, pinId));
    const listed = await agent.get('/api/pins/mine?status=active,paused,exhausted');
    expect([listed.status, totalCount(listed)]).toEqual([200, 0]);
    expect((await pinOf(agent, pinId)).status).toBe('expired');
    expect(await fundsOf(agent)).toBe(90);
    await expectLedgerBalanced();
  });

  it('expires a paused pin past its expiry and refunds it once', async () => {
    const { agent, pinId } = await businessWithPin(100, { value: 20, quantity: 2 });
    await agent.post(`/api/pins/${pinId}/pause`).expect(200);
    await context.database.db
      .update(pins)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pins.id, pinId));
    await expirePins(context.database.db);
    await expirePins(context.database.db);
    expect((await pinOf(agent, pinId)).status).toBe('expired');
    expect([await fundsOf(agent), await reserveOf(pinId)]).toEqual([100, 0]);
    await expectLedgerBalanced();
  });
});

describe("GET /api/pins/mine: the pin's redeemed cards", () => {
  it('counts each card spent at least once, however many times, and only cards of that pin', async () => {
    const { agent: business, pinId } = await businessWithPin();
    const { agent: otherBusiness, pinId: otherPinId } = await businessWithPin();
    const holders = await Promise.all([
      signedInConsumer(context),
      signedInConsumer(context),
      signedInConsumer(context),
    ]);
    const cards: number[] = [];
    for (const holder of holders) {
      const claim = await holder.agent.post(`/api/pins/${pinId}/claim`);
      expect(claim.status).toBe(201);
      cards.push(claim.body.giftCard.id as number);
    }
    const elsewhere = await signedInConsumer(context);
    const otherClaim = await elsewhere.agent.post(`/api/pins/${otherPinId}/claim`);
    expect(otherClaim.status).toBe(201);
    expect(await pinOf(business, pinId)).toMatchObject({ claimed: 3, redeemed: 0 });

    const spend = async (index: number, amount: number) =>
      expect(
        (await spendAtCounter(holders[index]!.agent, cards[index]!, business, amount)).status,
      ).toBe(201);
    await spend(0, 2);
    await spend(0, 3);
    expect(await pinOf(business, pinId)).toMatchObject({ claimed: 3, redeemed: 1 });
    // The whole card spent: still one redeemed card.
    await spend(0, 5);
    await spend(1, 10);
    expect(await pinOf(business, pinId)).toMatchObject({ claimed: 3, redeemed: 2 });
    // A spend of another pin's card, at that pin's business, is not this pin's.
    expect(
      (await spendAtCounter(elsewhere.agent, otherClaim.body.giftCard.id, otherBusiness, 1)).status,
    ).toBe(201);
    expect(await pinOf(business, pinId)).toMatchObject({ redeemed: 2 });
    expect(await pinOf(otherBusiness, otherPinId)).toMatchObject({ redeemed: 1 });
  });

  it('stays right when the history is corrected by hand: a spend moved, changed or deleted', async () => {
    const { agent: business, pinId } = await businessWithPin();
    const holders = await Promise.all([signedInConsumer(context), signedInConsumer(context)]);
    const cards: number[] = [];
    for (const holder of holders) {
      const claim = await holder.agent.post(`/api/pins/${pinId}/claim`);
      cards.push(claim.body.giftCard.id as number);
    }
    for (const amount of [2, 3]) {
      expect((await spendAtCounter(holders[0]!.agent, cards[0]!, business, amount)).status).toBe(
        201,
      );
    }
    const history = (statement: ReturnType<typeof sql>) => context.database.db.execute(statement);
    const counted = async () =>
      (
        await context.database.query<{ cards: number }>(
          'select cards from pin_redeemed_cards where pin_id = $1',
          [pinId],
        )
      ).map((row) => row.cards);
    expect(await counted()).toEqual([1]);

    // One of the first card's two spends moved to the second card: both cards spent.
    await history(sql`update gift_card_activities set gift_card_id = ${cards[1]!}
      where id = (select max(id) from gift_card_activities
                  where gift_card_id = ${cards[0]!} and kind = 'spent')`);
    expect(await pinOf(business, pinId)).toMatchObject({ redeemed: 2 });
    // That spend was no spend after all.
    await history(sql`update gift_card_activities set kind = 'transferred'
      where gift_card_id = ${cards[1]!} and kind = 'spent'`);
    expect(await pinOf(business, pinId)).toMatchObject({ redeemed: 1 });
    // The first card's last spend deleted: no card of the pin spent, and no row left.
    await history(sql`delete from gift_card_activities
      where gift_card_id = ${cards[0]!} and kind = 'spent'`);
    expect(await pinOf(business, pinId)).toMatchObject({ redeemed: 0 });
    expect(await counted()).toEqual([]);
  });
});
