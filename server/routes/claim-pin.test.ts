import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '@shared/schema/gift-cards';
import { giftCards } from '@shared/tables/gift-cards';
import { ledgerAccounts } from '@shared/tables/ledger';
import { pins } from '@shared/tables/pins';
import { users } from '@shared/tables/users';
import { checkLedger } from '../services/ledger/check-ledger';
import {
  createTestPin,
  fundedBusiness,
  manyConsumers,
  signedInConsumer,
} from '../testing/gift-cards';
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

const pinRow = async (id: number) => {
  const [row] = await context.database.db.select().from(pins).where(eq(pins.id, id));
  return row!;
};
const pinRowIn = async (where: TestContext, id: number) => {
  const [row] = await where.database.db.select().from(pins).where(eq(pins.id, id));
  return row!;
};
type Agent = ReturnType<TestContext['agent']>;
const reserveOf = async (pinId: number) => {
  const [row] = await context.database.db
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.pinId, pinId));
  return row!.balance;
};

describe('POST /api/pins/:id/claim', () => {
  it('issues a gift card from the pin and moves its value from the reserve to the card', async () => {
    const business = await fundedBusiness(context, 1000, 'Bean Street Coffee');
    const pinId = await createTestPin(business.agent, store.starbucks, {
      value: 12.5,
      quantity: 2,
    });
    const consumer = await signedInConsumer(context);

    const response = await consumer.agent.post(`/api/pins/${pinId}/claim`);
    expect(response.status).toBe(201);
    expect(response.body.pin).toEqual({ id: pinId, remaining: 1 });
    expect(response.body.giftCard).toMatchObject({
      sender_name: 'Bean Street Coffee',
      brand: 'starbucks',
      value: 12.5,
      balance: 12.5,
      status: 'active',
      source: 'pin_claim',
    });
    const pin = await pinRow(pinId);
    expect(response.body.giftCard.expires).toBe(pin.expiresAt.toISOString());
    expect(await reserveOf(pinId)).toBe(1250);

    // The code is unguessable (80 random bits) and never part of the wallet answer.
    const [card] = await context.database.db
      .select({ code: giftCards.code })
      .from(giftCards)
      .where(eq(giftCards.id, response.body.giftCard.id));
    expect(card!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(JSON.stringify(response.body)).not.toContain(card!.code);

    const wallet = await consumer.agent.get('/api/wallet');
    expect(wallet.body.balance).toBe(12.5);
    expect(wallet.body.transactions[0]).toMatchObject({
      kind: 'claim',
      type: 'received',
      amount: 12.5,
      status: 'completed',
      description: 'Claimed a $12.50 gift card from Bean Street Coffee',
    });
    expect(await checkLedger(context.database.db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });

  it("answers 409 'You already claimed this pin' on a second claim", async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks);
    const consumer = await signedInConsumer(context);
    await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    const again = await consumer.agent.post(`/api/pins/${pinId}/claim`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already claimed this pin');
    expect((await pinRow(pinId)).remaining).toBe(4);
  });

  it("answers 409 'This pin is sold out' when no card is left, and marks it exhausted", async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 1 });
    const first = await signedInConsumer(context);
    await first.agent.post(`/api/pins/${pinId}/claim`).expect(201);
    expect((await pinRow(pinId)).status).toBe('exhausted');
    const late = await signedInConsumer(context);
    const response = await late.agent.post(`/api/pins/${pinId}/claim`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This pin is sold out');
  });

  it('answers 410 for an expired or a cancelled pin', async () => {
    const business = await fundedBusiness(context);
    const expired = await createTestPin(business.agent, store.starbucks);
    const cancelled = await createTestPin(business.agent, store.starbucks);
    await context.database.db.execute(
      sql`update pins set expires_at = now() - interval '1 second' where id = ${expired}`,
    );
    await business.agent.post(`/api/pins/${cancelled}/cancel`).expect(200);
    const consumer = await signedInConsumer(context);

    const tooLate = await consumer.agent.post(`/api/pins/${expired}/claim`);
    expect(tooLate.status).toBe(410);
    expect(tooLate.body.message).toBe('This pin has expired');
    const gone = await consumer.agent.post(`/api/pins/${cancelled}/claim`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('This pin is no longer available');
  });

  it('refuses a pin aimed at identifiers the consumer does not have (403)', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks, { targetIdentifiers: [12] });
    const outsider = await signedInConsumer(context, { identifiers: [1] });
    const response = await outsider.agent.post(`/api/pins/${pinId}/claim`);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('This pin is not offered to you');
    const insider = await signedInConsumer(context, { identifiers: [12] });
    await insider.agent.post(`/api/pins/${pinId}/claim`).expect(201);
  });

  it('gives the first reason of a refusal: claimed before, then aimed at others, then gone', async () => {
    const business = await fundedBusiness(context);
    const aimedElsewhere = await createTestPin(business.agent, store.starbucks, {
      targetIdentifiers: [12],
    });
    const claimedBefore = await createTestPin(business.agent, store.starbucks);
    const consumer = await signedInConsumer(context, { identifiers: [1] });
    await consumer.agent.post(`/api/pins/${claimedBefore}/claim`).expect(201);
    await business.agent.post(`/api/pins/${aimedElsewhere}/cancel`).expect(200);
    await business.agent.post(`/api/pins/${claimedBefore}/cancel`).expect(200);

    const aimed = await consumer.agent.post(`/api/pins/${aimedElsewhere}/claim`);
    expect([aimed.status, aimed.body.message]).toEqual([403, 'This pin is not offered to you']);
    const again = await consumer.agent.post(`/api/pins/${claimedBefore}/claim`);
    expect([again.status, again.body.message]).toEqual([409, 'You already claimed this pin']);
  });

  it('takes exactly the pins the marketplace offers, near a point, anywhere and in a search', async () => {
    const business = await fundedBusiness(context);
    const pin = (overrides: Record<string, unknown> = {}) =>
      createTestPin(business.agent, store.starbucks, overrides);
    const open = await pin();
    const aimedAtMe = await pin({ targetIdentifiers: [3] });
    const aimedElsewhere = await pin({ targetIdentifiers: [12] });
    const cancelled = await pin();
    const soldOut = await pin({ quantity: 1 });
    const expired = await pin();
    const claimedBefore = await pin();
    const consumer = await signedInConsumer(context, { identifiers: [3] });
    await business.agent.post(`/api/pins/${cancelled}/cancel`).expect(200);
    await (await signedInConsumer(context)).agent.post(`/api/pins/${soldOut}/claim`).expect(201);
    await context.database.db.execute(
      sql`update pins set expires_at = now() - interval '1 second' where id = ${expired}`,
    );
    await consumer.agent.post(`/api/pins/${claimedBefore}/claim`).expect(201);
    const mine = [open, aimedAtMe, aimedElsewhere, cancelled, soldOut, expired, claimedBefore];

    const { lat, lng } = await pinRow(open);
    const listed = async (query: string) => {
      const response = await consumer.agent.get(`/api/gift-cards/marketplace?${query}`);
      expect(response.status, query).toBe(200);
      const ids = (response.body as { id: number }[]).map((offer) => offer.id);
      return mine.filter((id) => ids.includes(id));
    };
    const page = 'page=1&limit=100';
    expect(await listed(`lat=${lat}&lng=${lng}&${page}`)).toEqual([open, aimedAtMe]);
    expect(await listed(page)).toEqual([open, aimedAtMe]);
    expect(await listed(`search=starbucks&${page}`)).toEqual([open, aimedAtMe]);

    const claims = await Promise.all(
      mine.map(async (id) => (await consumer.agent.post(`/api/pins/${id}/claim`)).status),
    );
    expect(claims).toEqual([201, 201, 403, 410, 409, 410, 409]);
  });

  it('answers 404 for a missing pin and 400 for a malformed id', async () => {
    const consumer = await signedInConsumer(context);
    const missing = await consumer.agent.post('/api/pins/999999/claim');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Pin not found');
    const malformed = await consumer.agent.post('/api/pins/abc/claim');
    expect(malformed.status).toBe(400);
  });

  it('answers 401 without a session and 403 for a business', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks);
    expect((await context.agent().post(`/api/pins/${pinId}/claim`)).status).toBe(401);
    expect((await business.agent.post(`/api/pins/${pinId}/claim`)).status).toBe(403);
    expect((await pinRow(pinId)).remaining).toBe(5);
  });
});

describe('what a claim gives the business', () => {
  type Agent = Awaited<ReturnType<typeof signedInConsumer>>['agent'];
  /** A consumer whose e-mail the test knows. */
  const claimant = async (overrides: Parameters<typeof signedInConsumer>[1] = {}) => {
    const email = `claimant_${randomBytes(4).toString('hex')}@example.com`;
    const consumer = await signedInConsumer(context, { email, ...overrides });
    return { ...consumer, email };
  };
  /** The lead the business holds for this consumer, as its Leads page reads it. */
  const leadOf = async (business: Agent, email: string) => {
    const response = await business.get('/api/business/leads');
    expect(response.status).toBe(200);
    const matching = (response.body as Array<{ email: string }>).filter(
      (lead) => lead.email === email,
    );
    expect(matching).toHaveLength(1);
    return matching[0]!;
  };

  it('without a body: the name and e-mail, never the phone', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks);
    const consumer = await claimant({ name: 'Nora Private' });

    await consumer.agent.post(`/api/pins/${pinId}/claim`).expect(201);

    expect(await leadOf(business.agent, consumer.email)).toMatchObject({
      name: 'Nora Private',
      email: consumer.email,
      phone: '',
    });
  });

  it('with sharePhone true: the phone too; with sharePhone false: not', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks);
    const sharer = await claimant({ phoneNumber: '(555) 010-2233' });
    const decliner = await claimant({ phoneNumber: '(555) 010-4455' });

    await sharer.agent.post(`/api/pins/${pinId}/claim`).send({ sharePhone: true }).expect(201);
    await decliner.agent.post(`/api/pins/${pinId}/claim`).send({ sharePhone: false }).expect(201);

    expect(await leadOf(business.agent, sharer.email)).toMatchObject({
      phone: '+15550102233',
    });
    expect(await leadOf(business.agent, decliner.email)).toMatchObject({ phone: '' });
  });

  it('a later claim without consent keeps the phone agreed before and adds none', async () => {
    const business = await fundedBusiness(context);
    const pin = () => createTestPin(business.agent, store.starbucks);
    const [first, second, third, fourth] = [await pin(), await pin(), await pin(), await pin()];
    const consumer = await claimant({ phoneNumber: '(555) 010-6677' });
    const claim = (pinId: number, body?: object) =>
      consumer.agent.post(`/api/pins/${pinId}/claim`).send(body).expect(201);

    await claim(first, { sharePhone: true });
    expect(await leadOf(business.agent, consumer.email)).toMatchObject({
      phone: '+15550106677',
    });

    // The consumer's number changes; claims that do not agree neither erase the agreed number
    // nor give the new one.
    await context.database.db
      .update(users)
      .set({ phone: '+15550109999' })
      .where(eq(users.id, consumer.user.id));
    await claim(second, { sharePhone: false });
    await claim(third);
    expect(await leadOf(business.agent, consumer.email)).toMatchObject({
      phone: '+15550106677',
    });

    // Agreeing again gives the number the consumer has now.
    await claim(fourth, { sharePhone: true });
    expect(await leadOf(business.agent, consumer.email)).toMatchObject({
      phone: '+15550109999',
    });
  });

  it('a first claim without consent, then one with consent: the phone arrives only then', async () => {
    const business = await fundedBusiness(context);
    const first = await createTestPin(business.agent, store.starbucks);
    const second = await createTestPin(business.agent, store.starbucks);
    const consumer = await claimant({ phoneNumber: '(555) 010-8800' });

    await consumer.agent.post(`/api/pins/${first}/claim`).send({ sharePhone: false }).expect(201);
    expect(await leadOf(business.agent, consumer.email)).toMatchObject({ phone: '' });
    await consumer.agent.post(`/api/pins/${second}/claim`).send({ sharePhone: true }).expect(201);
    expect(await leadOf(business.agent, consumer.email)).toMatchObject({
      phone: '+15550108800',
    });
  });

  it("answers 400 'sharePhone must be true or false' for a body that is not a yes or no, and claims nothing", async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks);
    const consumer = await claimant();

    for (const sharePhone of ['yes', 1, null, 'true']) {
      const response = await consumer.agent.post(`/api/pins/${pinId}/claim`).send({ sharePhone });
      expect([response.status, response.body.message], JSON.stringify(sharePhone)).toEqual([
        400,
        'sharePhone must be true or false',
      ]);
      expect(response.body.errors).toEqual({ sharePhone: 'sharePhone must be true or false' });
    }
    expect((await pinRow(pinId)).remaining).toBe(5);
    expect((await business.agent.get('/api/business/leads')).body).toEqual([]);
    expect((await consumer.agent.get('/api/wallet')).body.balance).toBe(0);
  });
});

describe('claiming under concurrency', () => {
  it('100 consumers claiming a 10-card pin at once get exactly 10 cards', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 10 });
    const consumers = await manyConsumers(context, 100);

    const responses = await Promise.all(
      consumers.map((agent) => agent.post(`/api/pins/${pinId}/claim`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);

    const pin = await pinRow(pinId);
    expect(pin).toMatchObject({ remaining: 0, status: 'exhausted' });
    const cards = await context.database.db
      .select({ id: giftCards.id })
      .from(giftCards)
      .where(eq(giftCards.pinId, pinId));
    expect(cards).toHaveLength(10);
    expect(await reserveOf(pinId)).toBe(0);
    expect(await checkLedger(context.database.db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });

  it('one consumer claiming 10 times at once gets one card', async () => {
    const business = await fundedBusiness(context);
    const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 10 });
    const consumer = await signedInConsumer(context);

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => consumer.agent.post(`/api/pins/${pinId}/claim`)),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(
      responses.filter((response) => response.status === 409).map((r) => r.body.message),
    ).toEqual(Array(9).fill('You already claimed this pin'));
    expect((await pinRow(pinId)).remaining).toBe(9);
    expect(await reserveOf(pinId)).toBe(9 * 1000);
  });
});

describe('claims per client address', () => {
  const PER_DAY = 5;
  let limited: TestContext;
  let limitedStore: { starbucks: number; dunkin: number };
  beforeAll(async () => {
    // Behind one proxy, so each claim can say which client address it comes from.
    limited = await createTestContext({
      trustProxy: 'loopback',
      rateLimits: { claimsPerAddressPerDay: PER_DAY },
    });
    limitedStore = await insertTestStores(limited.database.db);
  });
  afterAll(async () => {
    await limited.close();
  });

  const claimFrom = (agent: Agent, pinId: number, address: string) =>
    agent.post(`/api/pins/${pinId}/claim`).set('X-Forwarded-For', address);

  it('gives 5 cards a day to one address of 20 consumers claiming at once; another address still claims', async () => {
    const business = await fundedBusiness(limited);
    const pinId = await createTestPin(business.agent, limitedStore.starbucks, { quantity: 30 });
    const consumers = await manyConsumers(limited, 21);
    const from = '203.0.113.50';

    const burst = await Promise.all(
      consumers.slice(0, 20).map((agent) => claimFrom(agent, pinId, from)),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - PER_DAY);
    for (const refused of burst.filter((response) => response.status === 429)) {
      expect(refused.body.message).toBe(CLAIM_MESSAGES.rateLimited);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    }
    expect((await pinRowIn(limited, pinId)).remaining).toBe(30 - PER_DAY);

    expect((await claimFrom(consumers[20]!, pinId, '203.0.113.51')).status).toBe(201);
    expect((await pinRowIn(limited, pinId)).remaining).toBe(30 - PER_DAY - 1);
  });

  it('does not count a refused claim against the address', async () => {
    const business = await fundedBusiness(limited);
    const soldOut = await createTestPin(business.agent, limitedStore.starbucks, { quantity: 1 });
    const open = await createTestPin(business.agent, limitedStore.starbucks, { quantity: 10 });
    const consumers = await manyConsumers(limited, PER_DAY + 2);
    const from = '203.0.113.60';
    expect((await claimFrom(consumers[0]!, soldOut, '203.0.113.61')).status).toBe(201);

    // One after another: claims in flight each hold a slot until they are answered.
    for (const agent of consumers.slice(1)) {
      const refused = await claimFrom(agent, soldOut, from);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(CLAIM_MESSAGES.soldOut);
    }

    // The whole allowance is still there, and no more.
    for (const agent of consumers.slice(1, PER_DAY + 1)) {
      expect((await claimFrom(agent, open, from)).status).toBe(201);
    }
    expect((await claimFrom(consumers[PER_DAY + 1]!, open, from)).status).toBe(429);
  });
});
