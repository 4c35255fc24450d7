import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pins } from '@shared/tables/pins';
import { checkLedger } from '../services/ledger/check-ledger';
import { expirePins } from '../services/pins/pin-refunds';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { pageLinks, totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
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

async function fundedBusiness(amount = 1000) {
  const agent = context.agent();
  await registerAs(agent, businessInput());
  if (amount > 0) {
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount, paymentToken: await cardToken(context) })
      .expect(201);
  }
  return agent;
}

function pinBody(overrides: Record<string, unknown> = {}) {
  return {
    brand: 'starbucks',
    value: 10,
    quantity: 3,
    radius: 5,
    locationId: store.starbucks,
    lat: 0,
    lng: 0,
    promotionMessage: 'Coffee on us this week',
    targetIdentifiers: [1, 5],
    showBusinessInfo: false,
    ...overrides,
  };
}

const balanceOf = async (agent: ReturnType<typeof context.agent>) =>
  (await agent.get('/api/wallet')).body.balance;

describe('POST /api/pins', () => {
  it('creates a pin on the store, with the store coordinates, and reserves value × quantity', async () => {
    const agent = await fundedBusiness(100);
    const response = await agent.post('/api/pins').send(pinBody());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      brand: 'starbucks',
      locationId: store.starbucks,
      locationName: 'Boylston & Mass Ave',
      city: 'Boston',
      state: 'MA',
      value: 10,
      quantity: 3,
      remaining: 3,
      claimed: 0,
      radius: 5,
      promotionMessage: 'Coffee on us this week',
      showBusinessInfo: false,
      targetIdentifiers: [1, 5],
      status: 'active',
    });
    const days = (Date.parse(response.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThan(90.1);
    const [row] = await context.database.db
      .select({ lat: pins.lat, lng: pins.lng })
      .from(pins)
      .where(eq(pins.id, response.body.id));
    expect(row).toEqual({ lat: 42.347, lng: -71.087 });
    expect(await balanceOf(agent)).toBe(70);
  });

  it('uses the defaults for an empty message, no targets and business info shown', async () => {
    const agent = await fundedBusiness(100);
    const {
      promotionMessage: _m,
      targetIdentifiers: _t,
      showBusinessInfo: _s,
      ...minimal
    } = pinBody();
    const response = await agent.post('/api/pins').send(minimal);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      promotionMessage: '',
      targetIdentifiers: [],
      showBusinessInfo: true,
    });
  });

  it('answers 409 "Insufficient funds" when the balance does not cover it, and creates nothing', async () => {
    const agent = await fundedBusiness(25);
    const response = await agent.post('/api/pins').send(pinBody({ value: 10, quantity: 3 }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Insufficient funds');
    expect(await balanceOf(agent)).toBe(25);
    expect(totalCount(await agent.get('/api/pins/mine'))).toBe(0);
  });

  it.each([
    [{ brand: 'nope' }, 'brand', 'Unknown brand: nope'],
    [{ brand: 'dunkin' }, 'locationId', 'The store location does not belong to this brand'],
    [{ locationId: 99_999_999 }, 'locationId', 'Unknown store location'],
    [{ locationId: undefined }, 'locationId', 'Store location is required'],
    [{ value: 4.99 }, 'value', 'Value must be between $5 and $500'],
    [{ value: 500.01 }, 'value', 'Value must be between $5 and $500'],
    [{ value: 5.001 }, 'value', 'Value can have at most two decimals'],
    [{ quantity: 0 }, 'quantity', 'Quantity must be between 1 and 1,000'],
    [{ quantity: 1001 }, 'quantity', 'Quantity must be between 1 and 1,000'],
    [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number'],
    [{ radius: 0 }, 'radius', 'Radius must be between 1 and 100'],
    [{ radius: 101 }, 'radius', 'Radius must be between 1 and 100'],
    [
      { promotionMessage: 'x'.repeat(201) },
      'promotionMessage',
      'Promotion message must be at most 200 characters',
    ],
    [{ targetIdentifiers: [1, 999] }, 'targetIdentifiers', 'Unknown identifier: 999'],
  ])('rejects %j with 400 and moves no money', async (change, field, message) => {
    const agent = await fundedBusiness(1000);
    const response = await agent.post('/api/pins').send(pinBody(change));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors[field]).toBe(message);
    expect(await balanceOf(agent)).toBe(1000);
  });

  // Found by the bad-input properties (server/testing/bad-input.ts): both were a 500.
  it('refuses a store or target id past the integer range with 400, reserving nothing', async () => {
    const agent = await fundedBusiness(100);
    const store = await agent.post('/api/pins').send(pinBody({ locationId: 2_147_483_648 }));
    expect([store.status, store.body.message]).toEqual([400, 'Unknown store location']);
    const target = await agent
      .post('/api/pins')
      .send(pinBody({ targetIdentifiers: [1, 2_147_483_648] }));
    expect([target.status, target.body.message]).toEqual([400, 'Unknown identifier']);
    expect(await balanceOf(agent)).toBe(100);
  });

  it('accepts a promotion message of exactly 200 characters', async () => {
    const agent = await fundedBusiness(100);
    const response = await agent
      .post('/api/pins')
      .send(pinBody({ promotionMessage: 'y'.repeat(200) }));
    expect(response.status).toBe(201);
  });

  it('sets the expiry from expiresInDays, and refuses 0 or 366 days with 400, reserving nothing', async () => {
    const agent = await fundedBusiness(100);
    const week = await agent.post('/api/pins').send(pinBody({ quantity: 1, expiresInDays: 7 }));
    expect(week.status).toBe(201);
    const days = (Date.parse(week.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    for (const expiresInDays of [0, 366]) {
      const refused = await agent.post('/api/pins').send(pinBody({ expiresInDays }));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Expiry must be between 1 and 365');
      expect(refused.body.errors.expiresInDays).toBe('Expiry must be between 1 and 365');
    }
    expect(await balanceOf(agent)).toBe(90);
    expect(totalCount(await agent.get('/api/pins/mine'))).toBe(1);
  });

  it('answers 401 without a session and 403 for a consumer', async () => {
    expect((await request(context.app).post('/api/pins').send(pinBody())).status).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    const response = await consumer.post('/api/pins').send(pinBody());
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only business accounts can do this');
  });

  it('lets exactly as many of 20 parallel pins through as the balance covers', async () => {
    const agent = await fundedBusiness(100);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/pins').send(pinBody({ value: 10, quantity: 1 })),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(10);
    expect(await balanceOf(agent)).toBe(0);
    expect(totalCount(await agent.get('/api/pins/mine?limit=100'))).toBe(10);
    expect(await checkLedger(context.database.db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });
});

describe('pins.target_identifier_ids (kept by triggers on pin_identifiers)', () => {
  /** The pin's column and its pin_identifiers rows, both ascending. */
  async function targetsOf(pinId: number) {
    const [row] = await context.database.query<{ column: number[]; rows: number[] }>(
      `select p.target_identifier_ids as column,
         coalesce((select array_agg(identifier_id order by identifier_id) from pin_identifiers
           where pin_id = p.id), '{}') as rows
       from pins p where p.id = $1`,
      [pinId],
    );
    return row;
  }
  const exec = (text: string) => context.database.query(text);

  it('holds the targets a pin is created with, ascending, and {} without targets', async () => {
    const agent = await fundedBusiness(100);
    const targeted = await agent
      .post('/api/pins')
      .send(pinBody({ targetIdentifiers: [8, 1, 5, 8] }))
      .expect(201);
    expect(await targetsOf(targeted.body.id)).toEqual({ column: [1, 5, 8], rows: [1, 5, 8] });
    const open = await agent
      .post('/api/pins')
      .send(pinBody({ targetIdentifiers: [] }))
      .expect(201);
    expect(await targetsOf(open.body.id)).toEqual({ column: [], rows: [] });
  });

  it('follows every insert, update and delete of pin_identifiers, several pins per statement', async () => {
    const agent = await fundedBusiness(100);
    const a = (await agent.post('/api/pins').send(pinBody({ targetIdentifiers: [5] }))).body.id;
    const b = (await agent.post('/api/pins').send(pinBody({ targetIdentifiers: [] }))).body.id;
    const both = async () => [await targetsOf(a), await targetsOf(b)];
    const steps = [
      `insert into pin_identifiers (pin_id, identifier_id) values (${a}, 9), (${a}, 2), (${b}, 7), (${b}, 3)`,
      `update pin_identifiers set identifier_id = identifier_id + 1 where pin_id = ${a} and identifier_id in (2, 9)`,
      // Moves a target from one pin to the other, and renames one on the other, in one statement.
      `update pin_identifiers set pin_id = case when pin_id = ${a} then ${b} else pin_id end,
         identifier_id = case when pin_id = ${b} then 4 else identifier_id end
       where (pin_id = ${a} and identifier_id = 10) or (pin_id = ${b} and identifier_id = 3)`,
      `delete from pin_identifiers where (pin_id = ${a} and identifier_id = 5) or (pin_id = ${b} and identifier_id = 7)`,
      `update pin_identifiers set identifier_id = identifier_id where pin_id in (${a}, ${b})`,
      `update pin_identifiers set identifier_id = 1 where false`,
      `delete from pin_identifiers where pin_id in (${a}, ${b})`,
    ];
    const expected = [
      [
        [2, 5, 9],
        [3, 7],
      ],
      [
        [3, 5, 10],
        [3, 7],
      ],
      [
        [3, 5],
        [4, 7, 10],
      ],
      [[3], [4, 10]],
      [[3], [4, 10]],
      [[3], [4, 10]],
      [[], []],
    ];
    for (const [index, step] of steps.entries()) {
      await exec(step);
      const [pinA, pinB] = await both();
      expect([pinA?.column, pinB?.column], step).toEqual(expected[index]);
      expect(pinA?.column, step).toEqual(pinA?.rows);
      expect(pinB?.column, step).toEqual(pinB?.rows);
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'stays exact when two transactions change the same pin at once',
    async () => {
      const agent = await fundedBusiness(100);
      const pin = (await agent.post('/api/pins').send(pinBody({ targetIdentifiers: [5] }))).body.id;
      const { db } = context.database;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let inserted = () => {};
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const first = db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into pin_identifiers (pin_id, identifier_id) values (${pin}, 2)`,
        );
        inserted();
        await released;
      });
      await firstInserted;
      // Waits for the first transaction's lock on the pin, then adds its own target.
      const second = db.execute(
        sql`insert into pin_identifiers (pin_id, identifier_id) values (${pin}, 9)`,
      );
      const removal = db.execute(
        sql`delete from pin_identifiers where pin_id = ${pin} and identifier_id = 5`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([first, second, removal]);
      expect(await targetsOf(pin)).toEqual({ column: [2, 9], rows: [2, 9] });
    },
  );
});

describe('GET /api/pins/mine', () => {
  it('lists only the business’s own pins, newest first, with paging', async () => {
    const agent = await fundedBusiness(200);
    const other = await fundedBusiness(200);
    await other.post('/api/pins').send(pinBody()).expect(201);
    const first = (await agent.post('/api/pins').send(pinBody({ value: 5 }))).body;
    const second = (await agent.post('/api/pins').send(pinBody({ value: 6 }))).body;

    const page = await agent.get('/api/pins/mine?limit=1&page=1');
    expect(page.status).toBe(200);
    expect(totalCount(page)).toBe(2);
    expect(pageLinks(page)).toEqual({ next: '/api/pins/mine?limit=1&page=2', prev: null });
    expect(page.body.map((pin: { id: number }) => pin.id)).toEqual([second.id]);
    // Every field of a pin, with its type (the list writes each one out from its row).
    const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    expect(page.body[0]).toStrictEqual({
      id: second.id,
      brand: 'starbucks',
      locationId: store.starbucks,
      locationName: expect.any(String),
      street: expect.any(String),
      city: expect.any(String),
      state: expect.any(String),
      value: 6,
      quantity: 3,
      remaining: 3,
      claimed: 0,
      redeemed: 0,
      claimRate: 0,
      radius: 5,
      lat: expect.any(Number),
      lng: expect.any(Number),
      promotionMessage: 'Coffee on us this week',
      showBusinessInfo: false,
      targetIdentifiers: [1, 5],
      status: 'active',
      expiresAt: expect.stringMatching(isoDate),
      createdAt: expect.stringMatching(isoDate),
    });
    expect(page.body[0]).toStrictEqual(second);
    const next = await agent.get(pageLinks(page).next!);
    expect(next.body.map((pin: { id: number }) => pin.id)).toEqual([first.id]);
    expect(pageLinks(next)).toEqual({ next: null, prev: '/api/pins/mine?limit=1&page=1' });
    // A page so far past the end that its offset would not fit an int: empty, with the count.
    const far = await agent.get('/api/pins/mine?limit=100&page=21474838');
    expect([far.status, far.body, totalCount(far)]).toEqual([200, [], 2]);
  });

  it('rejects a bad status filter, no session and a consumer', async () => {
    const agent = await fundedBusiness(0);
    const bad = await agent.get('/api/pins/mine?status=weird');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Unknown pin status');
    expect((await request(context.app).get('/api/pins/mine')).status).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    expect((await consumer.get('/api/pins/mine')).status).toBe(403);
  });

  it('settles expired pins once: status expired and the reserve refunded', async () => {
    const agent = await fundedBusiness(100);
    const pin = (await agent.post('/api/pins').send(pinBody({ value: 20, quantity: 2 }))).body;
    expect(await balanceOf(agent)).toBe(60);
    await context.database.db
      .update(pins)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(pins.id, pin.id));

    const listed = await agent.get('/api/pins/mine');
    expect(listed.body[0]).toMatchObject({ id: pin.id, status: 'expired' });
    await expirePins(context.database.db);
    await agent.get('/api/pins/mine');
    expect(await balanceOf(agent)).toBe(100);
    const wallet = (await agent.get('/api/wallet')).body;
    expect(wallet.transactions[0]).toMatchObject({
      kind: 'pin_refund',
      type: 'received',
      amount: 40,
    });
    expect(totalCount(await agent.get('/api/wallet/transactions'))).toBe(3);
  });
});

describe('POST /api/pins/:id/cancel', () => {
  it('cancels the owner’s pin and refunds what was not claimed, once', async () => {
    const agent = await fundedBusiness(100);
    const pin = (await agent.post('/api/pins').send(pinBody({ value: 15, quantity: 4 }))).body;
    expect(await balanceOf(agent)).toBe(40);

    const responses = await Promise.all([
      agent.post(`/api/pins/${pin.id}/cancel`),
      agent.post(`/api/pins/${pin.id}/cancel`),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const ok = responses.find((response) => response.status === 200);
    expect(ok?.body).toMatchObject({ id: pin.id, status: 'cancelled' });
    expect(responses.find((response) => response.status === 409)?.body.message).toBe(
      'This pin is already cancelled',
    );
    expect(await balanceOf(agent)).toBe(100);
  });

  it('answers 404 for another business’s pin and leaves it alone', async () => {
    const owner = await fundedBusiness(100);
    const pin = (await owner.post('/api/pins').send(pinBody())).body;
    const intruder = await fundedBusiness(0);
    const response = await intruder.post(`/api/pins/${pin.id}/cancel`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Pin not found');
    expect((await owner.get('/api/pins/mine')).body[0].status).toBe('active');
  });

  it('rejects a bad id, no session and a consumer', async () => {
    const agent = await fundedBusiness(0);
    expect((await agent.post('/api/pins/abc/cancel')).status).toBe(400);
    // Past the integer range of the id column: was a 500 (found by the bad-input properties).
    const huge = await agent.post('/api/pins/2147483648/cancel');
    expect([huge.status, huge.body.message]).toEqual([400, 'Pin id must be a number']);
    expect((await agent.post('/api/pins/999999/cancel')).status).toBe(404);
    expect((await request(context.app).post('/api/pins/1/cancel')).status).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    expect((await consumer.post('/api/pins/1/cancel')).status).toBe(403);
  });
});

describe('GET /api/business/dashboard', () => {
  it('computes active pins, remaining value and rank among businesses', async () => {
    const small = await fundedBusiness(1000);
    const pausing = await fundedBusiness(1000);
    const big = await fundedBusiness(5000);
    const fresh = await fundedBusiness(0);
    await small
      .post('/api/pins')
      .send(pinBody({ value: 10, quantity: 2 }))
      .expect(201);
    const cancelled = (await small.post('/api/pins').send(pinBody({ value: 5, quantity: 1 }))).body;
    await small.post(`/api/pins/${cancelled.id}/cancel`).expect(200);
    await big
      .post('/api/pins')
      .send(pinBody({ value: 500, quantity: 9 }))
      .expect(201);

    // A paused pin is not active, but its cards are still reserved: they count in the value.
    await pausing
      .post('/api/pins')
      .send(pinBody({ value: 10, quantity: 3 }))
      .expect(201);
    const paused = (await pausing.post('/api/pins').send(pinBody({ value: 7, quantity: 2 }))).body;
    await pausing.post(`/api/pins/${paused.id}/pause`).expect(200);
    expect((await pausing.get('/api/business/dashboard')).body).toMatchObject({
      activePins: 1,
      totalValue: 44,
    });

    const smallStats = (await small.get('/api/business/dashboard')).body;
    expect(smallStats).toMatchObject({ activePins: 1, totalValue: 20 });
    const bigStats = (await big.get('/api/business/dashboard')).body;
    expect(bigStats).toMatchObject({ activePins: 1, totalValue: 4500, rank: 1 });
    expect(smallStats.rank).toBeGreaterThan(1);
    expect(smallStats.rankedBusinesses).toBe(bigStats.rankedBusinesses);
    expect((await fresh.get('/api/business/dashboard')).body).toMatchObject({
      activePins: 0,
      totalValue: 0,
      rank: null,
    });
  });

  it('answers 401 without a session and 403 for a consumer', async () => {
    expect((await request(context.app).get('/api/business/dashboard')).status).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    expect((await consumer.get('/api/business/dashboard')).status).toBe(403);
  });
});
