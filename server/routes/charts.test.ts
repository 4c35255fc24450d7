import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_CHART_DAYS,
  type ActivityChartDay,
  GIFTS_CHART_MONTHS,
  type GiftsChartMonth,
} from '@shared/schema/charts';
import { stores } from '@shared/tables/locations';
import { expireGiftCards } from '../services/gift-cards/expire-gift-cards';
import { type Transaction } from '../db/client';
import { getActivityChart } from '../services/charts/activity-chart';
import { getGiftsChart } from '../services/charts/gifts-chart';
import {
  createTestPin,
  fundedBusiness,
  manyConsumers,
  signedInConsumer,
} from '../testing/gift-cards';
import { spendAtCounter } from '../testing/redemptions';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

type Agent = ReturnType<TestContext['agent']>;

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

const DAY = 86_400_000;
/** Midnight UTC of today, as epoch milliseconds. */
const todayUtc = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
};
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMonth = (ms: number) => new Date(ms).toISOString().slice(0, 7);
/** Midnight UTC of the first day of the month `back` months before this one. */
const monthStartUtc = (back: number) => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
};

async function claim(consumer: Agent, pinId: number): Promise<number> {
  const response = await consumer.post(`/api/pins/${pinId}/claim`);
  if (response.status !== 201) throw new Error(`claim failed: ${response.status}`);
  return response.body.giftCard.id as number;
}

const setCardCreated = (cardId: number, at: number) =>
  context.database.db.execute(
    sql`update gift_cards set created_at = ${new Date(at).toISOString()}::timestamptz where id = ${cardId}`,
  );

/**
 * A chart read on a connection whose time zone is far from UTC: the buckets must not move (the
 * servers run in UTC, which would hide a bucket taken in the session's zone).
 */
const inLosAngeles = <T>(read: (tx: Transaction) => Promise<T>) =>
  context.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'America/Los_Angeles'`);
    return read(tx);
  });

const byDate = (days: ActivityChartDay[], ms: number) =>
  days.find((day) => day.date === isoDay(ms));

describe('GET /api/business/charts/activity', () => {
  it('counts claims and spends per UTC day, the edges of each day in the right bucket', async () => {
    const business = await fundedBusiness(context, 1000, 'Chart Coffee');
    const other = await fundedBusiness(context, 1000, 'Someone Else');
    const pinId = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 10 });
    const otherPin = await createTestPin(other.agent, store.starbucks, { value: 10, quantity: 5 });
    const consumers = await manyConsumers(context, 5);
    const cards = [];
    for (const consumer of consumers) cards.push(await claim(consumer, pinId));
    // Another business's claim and spend never show on this business's chart.
    const otherCard = await claim(consumers[0]!, otherPin);
    expect((await spendAtCounter(consumers[0]!, otherCard, other.agent, 2)).status).toBe(201);

    const today = todayUtc();
    const firstDay = today - (ACTIVITY_CHART_DAYS - 1) * DAY;
    await setCardCreated(cards[0]!, today - 1000); // yesterday 23:59:59
    await setCardCreated(cards[1]!, today); // today 00:00:00
    await setCardCreated(cards[2]!, firstDay); // the first day's 00:00:00: counted
    await setCardCreated(cards[3]!, firstDay - 1000); // the day before it: left out
    // cards[4] stays claimed now (today).

    // Two spends of cards this business's pins issued: one yesterday at 23:59:59, one today.
    expect((await spendAtCounter(consumers[3]!, cards[3]!, business.agent, 1)).status).toBe(201);
    expect((await spendAtCounter(consumers[4]!, cards[4]!, business.agent, 1)).status).toBe(201);
    await context.database.db.execute(
      sql`update gift_card_activities set created_at = ${new Date(today - 1000).toISOString()}::timestamptz
          where gift_card_id = ${cards[3]!} and kind = 'spent'`,
    );

    const response = await business.agent.get('/api/business/charts/activity');
    expect(response.status).toBe(200);
    const days = response.body as ActivityChartDay[];
    expect(days).toHaveLength(ACTIVITY_CHART_DAYS);
    expect(days[0]!.date).toBe(isoDay(firstDay));
    expect(days.at(-1)!.date).toBe(isoDay(today));
    // Oldest first, one entry per day with none missing.
    days.forEach((day, index) => expect(day.date).toBe(isoDay(firstDay + index * DAY)));

    expect(byDate(days, today)).toEqual({ date: isoDay(today), claims: 2, redemptions: 1 });
    expect(byDate(days, today - DAY)).toEqual({
      date: isoDay(today - DAY),
      claims: 1,
      redemptions: 1,
    });
    expect(byDate(days, firstDay)).toEqual({ date: isoDay(firstDay), claims: 1, redemptions: 0 });
    expect(days.reduce((sum, day) => sum + day.claims, 0)).toBe(4);
    expect(days.reduce((sum, day) => sum + day.redemptions, 0)).toBe(2);
    expect(await inLosAngeles((tx) => getActivityChart(tx, business.user.id))).toEqual(days);

    const theirs = (await other.agent.get('/api/business/charts/activity'))
      .body as ActivityChartDay[];
    expect(byDate(theirs, today)).toEqual({ date: isoDay(today), claims: 1, redemptions: 1 });
    expect(theirs.reduce((sum, day) => sum + day.claims, 0)).toBe(1);
  });

  it('answers 30 days of zeros for a business nobody has claimed from', async () => {
    const business = await fundedBusiness(context, 0);
    const response = await business.agent.get('/api/business/charts/activity');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(ACTIVITY_CHART_DAYS);
    for (const day of response.body as ActivityChartDay[]) {
      expect(day).toMatchObject({ claims: 0, redemptions: 0 });
    }
  });
});

/**
 * The value chart as each card's own records give it: face values, the spends and refunds in its
 * history, and the ledger balance of the cards still active and unexpired. The chart reads totals
 * instead; both must agree.
 */
async function valueFromEachCard(businessId: number) {
  const [row] = await context.database.query<Record<string, number>>(
    `select
       coalesce(sum(c.value_cents), 0)::int as issued,
       coalesce(sum(h.spent), 0)::int as redeemed,
       coalesce(sum(l.balance_cents)
         filter (where c.status = 'active' and c.expires_at > now()), 0)::int as outstanding,
       coalesce(sum(h.returned), 0)::int as returned
     from gift_cards c
     join ledger_accounts l on l.gift_card_id = c.id
     left join lateral (
       select sum(a.amount_cents) filter (where a.kind = 'spent') as spent,
              sum(a.amount_cents) filter (where a.kind = 'refunded') as returned
       from gift_card_activities a where a.gift_card_id = c.id
     ) h on true
     where c.business_id = $1`,
    [businessId],
  );
  const dollars = (cents: number | undefined) => (cents ?? 0) / 100;
  return {
    issued: dollars(row?.issued),
    redeemed: dollars(row?.redeemed),
    outstanding: dollars(row?.outstanding),
    returned: dollars(row?.returned),
  };
}

describe('GET /api/business/charts/value', () => {
  it('splits the value of the claimed cards into redeemed, outstanding and returned', async () => {
    const business = await fundedBusiness(context, 1000, 'Value Coffee');
    const pinId = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 5 });
    const [spender, expiring, lapsing, keeper] = await manyConsumers(context, 4);
    const spent = await claim(spender!, pinId);
    const expired = await claim(expiring!, pinId);
    const lapsed = await claim(lapsing!, pinId);
    await claim(keeper!, pinId);
    expect((await spendAtCounter(spender!, spent, business.agent, 4)).status).toBe(201);
    expect((await spendAtCounter(expiring!, expired, business.agent, 3)).status).toBe(201);
    const pastExpiry = (cardId: number) =>
      context.database.db.execute(
        sql`update gift_cards set expires_at = now() - interval '1 minute' where id = ${cardId}`,
      );
    await pastExpiry(expired);
    await expireGiftCards(context.database.db);
    const read = async () => {
      const response = await business.agent.get('/api/business/charts/value');
      expect(response.status).toBe(200);
      expect(response.body).toEqual(await valueFromEachCard(business.user.id));
      return response.body;
    };

    // Issued 4 × $10; $4 and $3 spent; the expired card's $7 went back; $6 + $10 + $10 on cards.
    expect(await read()).toEqual({ issued: 40, redeemed: 7, outstanding: 26, returned: 7 });

    // A card past its expiry is no longer outstanding, before the sweep has given its value back…
    await pastExpiry(lapsed);
    expect(await read()).toEqual({ issued: 40, redeemed: 7, outstanding: 16, returned: 7 });
    // …and once it has, its $10 is returned.
    await expireGiftCards(context.database.db);
    expect(await read()).toEqual({ issued: 40, redeemed: 7, outstanding: 16, returned: 17 });

    const nobody = await fundedBusiness(context, 0);
    expect((await nobody.agent.get('/api/business/charts/value')).body).toEqual({
      issued: 0,
      redeemed: 0,
      outstanding: 0,
      returned: 0,
    });
  });

  it("counts each pin's claims at the pin's value, whatever happens to the pin after", async () => {
    const business = await fundedBusiness(context, 1000, 'Two Pins Coffee');
    const fives = await createTestPin(business.agent, store.starbucks, { value: 5, quantity: 3 });
    const tens = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 3 });
    const [first, second] = await manyConsumers(context, 2);
    await claim(first!, fives);
    await claim(second!, fives);
    await claim(first!, tens);
    // Topping up one pin and cancelling the other change what is reserved, not what was issued.
    expect(
      (await business.agent.post(`/api/pins/${fives}/top-up`).send({ quantity: 2 })).status,
    ).toBe(200);
    expect((await business.agent.post(`/api/pins/${tens}/cancel`)).status).toBe(200);
    const response = await business.agent.get('/api/business/charts/value');
    expect(response.body).toEqual({ issued: 20, redeemed: 0, outstanding: 20, returned: 0 });
    expect(response.body).toEqual(await valueFromEachCard(business.user.id));
  });
});

describe('GET /api/business/charts/top-stores', () => {
  it('ranks my stores by claims, most first, ties by name, five at most', async () => {
    // Inserted out of name order, so the tie order comes from the names.
    const names = ['Elm St', 'Dogwood St', 'Cedar St', 'Birch St', 'Alder St', 'Oak St'];
    const rows = await context.database.db
      .insert(stores)
      .values(
        names.map((name, index) => ({
          brandId: 'starbucks',
          storeNumber: `chart-${Date.now()}-${index}`,
          name,
          street: `${index} Main St`,
          city: 'Cambridge',
          state: 'MA',
          lat: 42.37,
          lng: -71.1,
        })),
      )
      .returning({ id: stores.id, name: stores.name });
    const storeId = (name: string) => rows.find((row) => row.name === name)!.id;

    const business = await fundedBusiness(context, 1000, 'Many Stores');
    const other = await fundedBusiness(context, 1000, 'Elsewhere');
    const consumers = await manyConsumers(context, 3);
    const claimsAt: Array<[string, number]> = [
      ['Oak St', 3],
      ['Birch St', 2],
      ['Alder St', 2],
      ['Elm St', 1],
      ['Dogwood St', 1],
      ['Cedar St', 1],
    ];
    for (const [name, count] of claimsAt) {
      const pinId = await createTestPin(business.agent, storeId(name), { quantity: 3 });
      for (const consumer of consumers.slice(0, count)) await claim(consumer, pinId);
    }
    // Another business's claims at one of the same stores do not count.
    const theirPin = await createTestPin(other.agent, storeId('Elm St'), { quantity: 3 });
    for (const consumer of consumers) await claim(consumer, theirPin);

    const response = await business.agent.get('/api/business/charts/top-stores');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      {
        locationId: storeId('Oak St'),
        locationName: 'Oak St',
        city: 'Cambridge',
        state: 'MA',
        claims: 3,
      },
      {
        locationId: storeId('Alder St'),
        locationName: 'Alder St',
        city: 'Cambridge',
        state: 'MA',
        claims: 2,
      },
      {
        locationId: storeId('Birch St'),
        locationName: 'Birch St',
        city: 'Cambridge',
        state: 'MA',
        claims: 2,
      },
      {
        locationId: storeId('Cedar St'),
        locationName: 'Cedar St',
        city: 'Cambridge',
        state: 'MA',
        claims: 1,
      },
      {
        locationId: storeId('Dogwood St'),
        locationName: 'Dogwood St',
        city: 'Cambridge',
        state: 'MA',
        claims: 1,
      },
    ]);
    expect((await other.agent.get('/api/business/charts/top-stores')).body).toEqual([
      {
        locationId: storeId('Elm St'),
        locationName: 'Elm St',
        city: 'Cambridge',
        state: 'MA',
        claims: 3,
      },
    ]);
    const nobody = await fundedBusiness(context, 0);
    expect((await nobody.agent.get('/api/business/charts/top-stores')).body).toEqual([]);
  });
});

describe('GET /api/wallet/charts/gifts', () => {
  it('counts gifts sent and received per UTC month, the edges of each month in the right bucket', async () => {
    const business = await fundedBusiness(context, 1000, 'Gift Source');
    const sender = await signedInConsumer(context);
    const recipient = await signedInConsumer(context);
    const bystander = await signedInConsumer(context);
    const cards = [];
    for (let index = 0; index < 4; index += 1) {
      const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 1 });
      cards.push(await claim(sender.agent, pinId));
    }
    const giftIds: number[] = [];
    for (const card of cards) {
      const response = await sender.agent
        .post(`/api/gift-cards/${card}/send`)
        .send({ recipientUsername: recipient.user.username });
      expect(response.status).toBe(201);
      giftIds.push(response.body.id as number);
    }
    const thisMonth = monthStartUtc(0);
    const firstMonth = monthStartUtc(GIFTS_CHART_MONTHS - 1);
    const moments = [
      thisMonth - 1000, // last month's last second
      thisMonth, // this month's first second
      firstMonth, // the first month's first second: counted
      firstMonth - 1000, // the month before it: left out
    ];
    for (const [index, at] of moments.entries()) {
      await context.database.db.execute(
        sql`update gifts set created_at = ${new Date(at).toISOString()}::timestamptz where id = ${giftIds[index]!}`,
      );
    }
    // The recipient gives one back, now.
    const back = await recipient.agent
      .post(`/api/gift-cards/${cards[0]!}/send`)
      .send({ recipientUsername: sender.user.username });
    expect(back.status).toBe(201);

    const mine = await sender.agent.get('/api/wallet/charts/gifts');
    expect(mine.status).toBe(200);
    const months = mine.body as GiftsChartMonth[];
    expect(months).toHaveLength(GIFTS_CHART_MONTHS);
    expect(months.map((month) => month.month)).toEqual(
      Array.from({ length: GIFTS_CHART_MONTHS }, (_, index) =>
        isoMonth(monthStartUtc(GIFTS_CHART_MONTHS - 1 - index)),
      ),
    );
    expect(months.at(-1)).toEqual({ month: isoMonth(thisMonth), sent: 1, received: 1 });
    expect(months.at(-2)).toEqual({ month: isoMonth(monthStartUtc(1)), sent: 1, received: 0 });
    expect(months[0]).toEqual({ month: isoMonth(firstMonth), sent: 1, received: 0 });
    expect(months.reduce((sum, month) => sum + month.sent, 0)).toBe(3);
    expect(await inLosAngeles((tx) => getGiftsChart(tx, sender.user.id))).toEqual(months);

    const theirs = (await recipient.agent.get('/api/wallet/charts/gifts'))
      .body as GiftsChartMonth[];
    expect(theirs.at(-1)).toEqual({ month: isoMonth(thisMonth), sent: 1, received: 1 });
    expect(theirs.at(-2)).toEqual({ month: isoMonth(monthStartUtc(1)), sent: 0, received: 1 });
    expect(theirs[0]).toEqual({ month: isoMonth(firstMonth), sent: 0, received: 1 });

    const nothing = (await bystander.agent.get('/api/wallet/charts/gifts'))
      .body as GiftsChartMonth[];
    expect(nothing).toHaveLength(GIFTS_CHART_MONTHS);
    for (const month of nothing) expect(month).toMatchObject({ sent: 0, received: 0 });
  });
});

describe('who may read the charts', () => {
  it('answers 401 without a session and 403 to the other kind of account', async () => {
    const business = await fundedBusiness(context, 0);
    const consumer = await signedInConsumer(context);
    const anonymous = context.agent();
    const businessCharts = [
      '/api/business/charts/activity',
      '/api/business/charts/value',
      '/api/business/charts/top-stores',
    ];
    for (const path of businessCharts) {
      expect((await anonymous.get(path)).status).toBe(401);
      expect((await consumer.agent.get(path)).status).toBe(403);
    }
    expect((await anonymous.get('/api/wallet/charts/gifts')).status).toBe(401);
    expect((await business.agent.get('/api/wallet/charts/gifts')).status).toBe(403);
  });
});

describe("the business's charts and a card its holder gave on", () => {
  it('count its claim, its spend and its value as the business’s, whoever holds it now', async () => {
    const business = await fundedBusiness(context, 1000, 'Passed On Coffee');
    const pinId = await createTestPin(business.agent, store.starbucks, { value: 10, quantity: 2 });
    const [claimer, friend] = await manyConsumers(context, 2);
    const cardId = await claim(claimer!, pinId);
    const friendName = (await friend!.get('/api/user')).body.username as string;
    const sent = await claimer!
      .post(`/api/gift-cards/${cardId}/send`)
      .send({ recipientUsername: friendName, message: 'For you' });
    expect(sent.status).toBe(201);
    expect((await spendAtCounter(friend!, cardId, business.agent, 4)).status).toBe(201);

    const today = isoDay(todayUtc());
    const activity = (await business.agent.get('/api/business/charts/activity'))
      .body as ActivityChartDay[];
    expect(activity.find((day) => day.date === today)).toEqual({
      date: today,
      claims: 1,
      redemptions: 1,
    });
    const value = await business.agent.get('/api/business/charts/value');
    expect(value.body).toEqual({ issued: 10, redeemed: 4, outstanding: 6, returned: 0 });
    expect(value.body).toEqual(await valueFromEachCard(business.user.id));
    const topStores = await business.agent.get('/api/business/charts/top-stores');
    expect(topStores.body).toEqual([expect.objectContaining({ claims: 1 })]);
    const dashboard = await business.agent.get('/api/business/dashboard');
    expect(dashboard.body.firstSteps).toMatchObject({ firstClaim: true });
  });
});
