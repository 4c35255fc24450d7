import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_LIMITS } from '@shared/constants';
import { type MarketplacePin } from '@shared/schema/gift-cards';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { pageLinks, totalCount } from '../testing/page-headers';
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

// The Boylston & Mass Ave Starbucks (a real store) is at 42.347, -71.087; this point is 3 miles
// due north of it (one degree of latitude is about 69.05 miles).
const THREE_MILES_NORTH = { lat: 42.347 + 3 / 69.05, lng: -71.087 };

const ids = (items: MarketplacePin[]) => items.map((pin) => pin.id);

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (angle: number) => (angle * 180) / Math.PI;

/** The point `miles` great-circle miles from (lat, lng) along `bearing` degrees from north. */
function pointAt(lat: number, lng: number, miles: number, bearing: number) {
  const angle = miles / EARTH_RADIUS_MILES;
  const [latitude, heading] = [radians(lat), radians(bearing)];
  const to = Math.asin(
    Math.sin(latitude) * Math.cos(angle) + Math.cos(latitude) * Math.sin(angle) * Math.cos(heading),
  );
  const east = Math.atan2(
    Math.sin(heading) * Math.sin(angle) * Math.cos(latitude),
    Math.cos(angle) - Math.sin(latitude) * Math.sin(to),
  );
  const longitude = ((lng + degrees(east) + 540) % 360) - 180;
  return { lat: degrees(to), lng: longitude };
}

/** Moves a pin (as if its store stood there), for places the test stores do not cover. */
async function placePin(id: number, lat: number, lng: number) {
  await context.database.db.execute(
    sql`update pins set lat = ${lat}, lng = ${lng} where id = ${id}`,
  );
}

type Consumer = Awaited<ReturnType<typeof signedInConsumer>>;

/** The marketplace's first 100 pins at `point`, and its X-Total-Count. */
async function listedAt(consumer: Consumer, point: { lat: number; lng: number }) {
  const response = await consumer.agent
    .get('/api/gift-cards/marketplace')
    .query({ ...point, limit: 100 });
  expect(response.status).toBe(200);
  return { items: response.body as MarketplacePin[], total: totalCount(response) };
}

/** The marketplace's brand chips: at `point`, or without a location. */
async function brandsAt(consumer: Consumer, point?: { lat: number; lng: number }) {
  const response = await consumer.agent
    .get('/api/gift-cards/marketplace/brands')
    .query(point ?? {});
  expect(response.status).toBe(200);
  return response.body as string[];
}

describe('GET /api/gift-cards/marketplace', () => {
  it('lists a live pin with the spec fields, the business name only when shown', async () => {
    const business = await fundedBusiness(context, 1000, 'Shown Coffee Co');
    const contact = await business.agent.patch('/api/user/settings').send({
      contactEmail: 'hello@shown.example',
      website: 'https://shown.example',
      description: 'Roasted in Boston.',
    });
    expect(contact.status).toBe(200);
    const shown = await createTestPin(business.agent, store.starbucks, {
      promotionMessage: 'Free latte',
      quantity: 4,
    });
    const hidden = await createTestPin(business.agent, store.starbucks, {
      showBusinessInfo: false,
    });
    const consumer = await signedInConsumer(context);

    const response = await consumer.agent.get('/api/gift-cards/marketplace?limit=100');
    expect(response.status).toBe(200);
    const shownPin = response.body.find((pin: MarketplacePin) => pin.id === shown);
    expect(shownPin).toMatchObject({
      id: shown,
      brand: 'starbucks',
      value: 10,
      message: '$10.00 Starbucks gift card',
      promotion_message: 'Free latte',
      display_business_name: true,
      business_name: 'Shown Coffee Co',
      business_contact: {
        email: 'hello@shown.example',
        phone: null,
        website: 'https://shown.example',
        description: 'Roasted in Boston.',
      },
      sender_name: 'Shown Coffee Co',
      location_name: 'Boylston & Mass Ave',
      city: 'Boston',
      state: 'MA',
      remaining: 4,
      recommended: true,
    });
    expect(Date.parse(shownPin.expiration_date)).toBeGreaterThan(Date.now());
    expect(shownPin).not.toHaveProperty('distance_miles');
    const hiddenPin = response.body.find((pin: MarketplacePin) => pin.id === hidden);
    expect(hiddenPin).toMatchObject({
      display_business_name: false,
      business_name: '',
      business_contact: null,
    });
    expect(await brandsAt(consumer)).toContain('starbucks');
    // The first page of 100 holds every pin on offer: no page before it, none after.
    expect(totalCount(response)).toBe(response.body.length);
    expect(pageLinks(response)).toEqual({ next: null, prev: null });
  });

  it('writes money, names, the expiry and the distance exactly as the API promises', async () => {
    const business = await fundedBusiness(context, 1000, "O'Neil & Sons");
    const pin = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin', value: 12.5 });
    const [row] = await context.database.query<{ expires_at: Date | string }>(
      'select expires_at from pins where id = $1',
      [pin],
    );
    const consumer = await signedInConsumer(context);

    const near = await consumer.agent
      .get('/api/gift-cards/marketplace')
      .query({ lat: 42.559575 + 1.234 / 69.05, lng: -70.931239, limit: 100 });
    expect(near.status).toBe(200);
    expect(near.headers['content-type']).toMatch(/^application\/json/);
    const listed = near.body.find((item: MarketplacePin) => item.id === pin);
    expect(listed).toMatchObject({
      brand: 'dunkin',
      value: 12.5,
      message: '$12.50 Dunkin gift card',
      business_name: "O'Neil & Sons",
      expiration_date: new Date(row!.expires_at).toISOString(),
    });
    // 1.23 miles away, shown to a tenth.
    expect(listed.distance_miles).toBe(1.2);
    // A plain array of pins; the count travels in a header, and no cap applies this far out.
    expect(Array.isArray(near.body)).toBe(true);
    expect(totalCount(near)).toBe(near.body.length);
    expect(near.headers['x-marketplace-scope']).toBeUndefined();
  });

  it('with a location, shows a 5-mile pin 3 miles away and not a 1-mile pin', async () => {
    const business = await fundedBusiness(context);
    const wide = await createTestPin(business.agent, store.starbucks, { radius: 5 });
    const narrow = await createTestPin(business.agent, store.starbucks, { radius: 1 });
    const consumer = await signedInConsumer(context);

    const near = await consumer.agent
      .get('/api/gift-cards/marketplace')
      .query({ ...THREE_MILES_NORTH, limit: 100 });
    expect(near.status).toBe(200);
    expect(ids(near.body)).toContain(wide);
    expect(ids(near.body)).not.toContain(narrow);
    const widePin = near.body.find((pin: MarketplacePin) => pin.id === wide);
    expect(widePin.distance_miles).toBeCloseTo(3, 0);

    // Without a location every pin on offer is listed.
    const anywhere = await consumer.agent.get('/api/gift-cards/marketplace?limit=100');
    expect(ids(anywhere.body)).toEqual(expect.arrayContaining([wide, narrow]));
  });

  it('shows a pin just inside its radius and not just outside it', async () => {
    const business = await fundedBusiness(context);
    const pin = await createTestPin(business.agent, store.starbucks, { radius: 5 });
    await placePin(pin, 35.5, -40.25);
    const consumer = await signedInConsumer(context);

    for (const bearing of [0, 90, 180, 270]) {
      const inside = await listedAt(consumer, pointAt(35.5, -40.25, 4.95, bearing));
      expect(ids(inside.items), `4.95 miles at ${bearing}°`).toEqual([pin]);
      expect(inside.items[0]?.distance_miles).toBeCloseTo(4.95, 0);
      const outside = await listedAt(consumer, pointAt(35.5, -40.25, 5.05, bearing));
      expect(ids(outside.items), `5.05 miles at ${bearing}°`).toEqual([]);
    }
  });

  it('reaches the widest radius in every direction, far north too', async () => {
    const business = await fundedBusiness(context);
    const pin = await createTestPin(business.agent, store.starbucks, { radius: 100 });
    await placePin(pin, 62, 25);
    const consumer = await signedInConsumer(context);
    // Where the circle reaches furthest east and west (a parallel is not a great circle).
    const widest = degrees(Math.acos(Math.tan(100 / EARTH_RADIUS_MILES) * Math.tan(radians(62))));

    for (const bearing of [0, 45, 90, 135, 180, 225, 270, widest, 360 - widest]) {
      const inside = await listedAt(consumer, pointAt(62, 25, 99.9, bearing));
      expect(ids(inside.items), `99.9 miles at ${bearing}°`).toEqual([pin]);
      const outside = await listedAt(consumer, pointAt(62, 25, 100.1, bearing));
      expect(ids(outside.items), `100.1 miles at ${bearing}°`).toEqual([]);
    }
  });

  it('reaches across the antimeridian and over a pole', async () => {
    const business = await fundedBusiness(context);
    const dateLine = await createTestPin(business.agent, store.starbucks, { radius: 5 });
    await placePin(dateLine, -16.5, 179.98);
    const polar = await createTestPin(business.agent, store.starbucks, { radius: 10 });
    await placePin(polar, 89.95, 0);
    const consumer = await signedInConsumer(context);

    expect(ids((await listedAt(consumer, { lat: -16.5, lng: -179.98 })).items)).toEqual([dateLine]);
    expect(ids((await listedAt(consumer, { lat: -16.5, lng: -179.9 })).items)).toEqual([]);
    expect(ids((await listedAt(consumer, { lat: 89.95, lng: 180 })).items)).toEqual([polar]);
    expect(ids((await listedAt(consumer, { lat: 89.95, lng: -90 })).items)).toEqual([polar]);
    expect(ids((await listedAt(consumer, { lat: 89.8, lng: 180 })).items)).toEqual([]);
  });

  it('counts and offers brand chips only for the pins that reach the consumer', async () => {
    const business = await fundedBusiness(context);
    const near = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin', radius: 3 });
    const far = await createTestPin(business.agent, store.starbucks, { radius: 3 });
    const otherBrand = await createTestPin(business.agent, store.starbucks, { radius: 3 });
    await placePin(near, -33.1, 18.2);
    const farPoint = pointAt(-33.1, 18.2, 3.2, 30);
    await placePin(far, farPoint.lat, farPoint.lng);
    await placePin(otherBrand, -33.1, 18.2);
    const consumer = await signedInConsumer(context, { brands: ['dunkin'] });

    const response = await consumer.agent
      .get('/api/gift-cards/marketplace')
      .query({ lat: -33.1, lng: 18.2, brand: 'dunkin', limit: 1 });
    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([near]);
    expect(totalCount(response)).toBe(1);
    expect(pageLinks(response)).toEqual({ next: null, prev: null });
    // The chips: every brand in reach, whichever brand the list is filtered by.
    expect(await brandsAt(consumer, { lat: -33.1, lng: 18.2 })).toEqual(['dunkin', 'starbucks']);
    const everything = await listedAt(consumer, { lat: -33.1, lng: 18.2 });
    expect(ids(everything.items)).toEqual([near, otherBrand]);
    expect(everything.total).toBe(2);
  });

  it('near a point too, ranks pins aimed at the consumer first and leaves out the rest', async () => {
    const business = await fundedBusiness(context);
    const plain = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin' });
    const aimedAtMe = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [7, 8],
    });
    const aimedElsewhere = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [9],
    });
    const claimedByMe = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin' });
    const spot = { lat: 51.2, lng: -130.4 };
    for (const pin of [plain, aimedAtMe, aimedElsewhere, claimedByMe]) {
      await placePin(pin, spot.lat, spot.lng);
    }
    const consumer = await signedInConsumer(context, { brands: ['starbucks'], identifiers: [8] });
    await consumer.agent.post(`/api/pins/${claimedByMe}/claim`).expect(201);

    const here = await listedAt(consumer, spot);
    expect(ids(here.items)).toEqual([aimedAtMe, plain]);
    expect(here.items.map((pin) => pin.recommended)).toEqual([true, false]);
    expect(here.total).toBe(2);
    expect(await brandsAt(consumer, spot)).toEqual(['dunkin']);
  });

  it('puts favourite brands first and hides pins aimed at identifiers the consumer lacks', async () => {
    const business = await fundedBusiness(context);
    const dunkin = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin' });
    const targetedAtMe = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [7],
    });
    const targetedElsewhere = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [9],
    });
    const starbucks = await createTestPin(business.agent, store.starbucks);
    const consumer = await signedInConsumer(context, { brands: ['starbucks'], identifiers: [7] });

    const response = await consumer.agent.get('/api/gift-cards/marketplace?limit=100');
    const listed = ids(response.body);
    expect(listed).not.toContain(targetedElsewhere);
    expect(listed).toEqual(expect.arrayContaining([dunkin, targetedAtMe, starbucks]));
    // Recommended pins (favourite brand, or aimed at one of my identifiers) come first.
    const firstPlain = listed.indexOf(dunkin);
    expect(listed.indexOf(starbucks)).toBeLessThan(firstPlain);
    expect(listed.indexOf(targetedAtMe)).toBeLessThan(firstPlain);
    const plain = response.body.find((pin: MarketplacePin) => pin.id === dunkin);
    expect(plain.recommended).toBe(false);
  });

  it('filters by brand and search, and paginates', async () => {
    const business = await fundedBusiness(context, 1000, 'Searchable Roasters');
    const target = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      promotionMessage: 'zebra-sprinkles special',
    });
    const consumer = await signedInConsumer(context);

    const byBrand = await consumer.agent.get('/api/gift-cards/marketplace?brand=dunkin&limit=100');
    expect(byBrand.body.every((pin: MarketplacePin) => pin.brand === 'dunkin')).toBe(true);
    expect(await brandsAt(consumer)).toEqual(expect.arrayContaining(['dunkin', 'starbucks']));

    const bySearch = await consumer.agent.get('/api/gift-cards/marketplace?search=ZEBRA-sprinkles');
    expect(ids(bySearch.body)).toEqual([target]);
    const likeIsLiteral = await consumer.agent.get('/api/gift-cards/marketplace?search=%25');
    expect(likeIsLiteral.body).toEqual([]);

    const first = await consumer.agent.get('/api/gift-cards/marketplace?limit=2&page=1');
    const second = await consumer.agent.get('/api/gift-cards/marketplace?limit=2&page=2');
    expect(first.body).toHaveLength(2);
    expect(totalCount(first)).toBeGreaterThan(2);
    expect(pageLinks(first)).toEqual({
      next: '/api/gift-cards/marketplace?limit=2&page=2',
      prev: null,
    });
    expect(pageLinks(second).prev).toBe('/api/gift-cards/marketplace?limit=2&page=1');
    expect(ids(second.body)).not.toContain(first.body[0].id);
  });

  it('leaves out sold-out, cancelled, expired and already claimed pins', async () => {
    const business = await fundedBusiness(context);
    const single = await createTestPin(business.agent, store.starbucks, { quantity: 1 });
    const cancelled = await createTestPin(business.agent, store.starbucks);
    const expired = await createTestPin(business.agent, store.starbucks);
    const claimedByMe = await createTestPin(business.agent, store.starbucks);
    await business.agent.post(`/api/pins/${cancelled}/cancel`).expect(200);
    await context.database.db.execute(
      sql`update pins set expires_at = now() - interval '1 minute' where id = ${expired}`,
    );
    const other = await signedInConsumer(context);
    await other.agent.post(`/api/pins/${single}/claim`).expect(201);
    const consumer = await signedInConsumer(context);
    await consumer.agent.post(`/api/pins/${claimedByMe}/claim`).expect(201);

    const response = await consumer.agent.get('/api/gift-cards/marketplace?limit=100');
    const listed = ids(response.body);
    for (const gone of [single, cancelled, expired, claimedByMe])
      expect(listed).not.toContain(gone);
  });

  it('shows a consumer without identifiers only the pins aimed at no one, near a point and everywhere', async () => {
    const business = await fundedBusiness(context);
    const plain = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin' });
    const aimed = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [1, 8],
    });
    const spot = { lat: -41.7, lng: 63.3 };
    for (const pin of [plain, aimed]) await placePin(pin, spot.lat, spot.lng);
    const consumer = await signedInConsumer(context, { brands: ['starbucks'] });
    await context.database.db.execute(
      sql`delete from user_identifiers where user_id = ${consumer.user.id}`,
    );

    const here = await listedAt(consumer, spot);
    expect(ids(here.items)).toEqual([plain]);
    expect(here.items[0]?.recommended).toBe(false);
    const everywhere = await consumer.agent.get('/api/gift-cards/marketplace?limit=100');
    expect(ids(everywhere.body)).toContain(plain);
    expect(ids(everywhere.body)).not.toContain(aimed);
  });

  it('leaves out every pin this consumer claimed and only those, whoever else claimed', async () => {
    const business = await fundedBusiness(context);
    const pins = [];
    for (let n = 0; n < 4; n += 1) pins.push(await createTestPin(business.agent, store.starbucks));
    const [mine1, mine2, theirs, both] = pins as [number, number, number, number];
    const spot = { lat: -47.2, lng: 71.9 };
    for (const pin of pins) await placePin(pin, spot.lat, spot.lng);
    const consumer = await signedInConsumer(context);
    const other = await signedInConsumer(context);
    for (const pin of [mine1, mine2, both])
      await consumer.agent.post(`/api/pins/${pin}/claim`).expect(201);
    for (const pin of [theirs, both]) await other.agent.post(`/api/pins/${pin}/claim`).expect(201);

    const mine = await listedAt(consumer, spot);
    expect(ids(mine.items)).toEqual([theirs]);
    expect(mine.total).toBe(1);
    const theirsListed = await listedAt(other, spot);
    expect(new Set(ids(theirsListed.items))).toEqual(new Set([mine1, mine2]));
    const everywhere = ids(
      (await consumer.agent.get('/api/gift-cards/marketplace?limit=100')).body,
    );
    expect(everywhere).toContain(theirs);
    for (const gone of [mine1, mine2, both]) expect(everywhere).not.toContain(gone);
  });

  it("follows a pin's targets when they change after it was created", async () => {
    const business = await fundedBusiness(context);
    const pin = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      targetIdentifiers: [9],
    });
    const spot = { lat: -52.6, lng: 80.4 };
    await placePin(pin, spot.lat, spot.lng);
    const consumer = await signedInConsumer(context, { brands: ['starbucks'], identifiers: [8] });
    const listed = async () =>
      (await listedAt(consumer, spot)).items.map((item) => [item.id, item.recommended]);

    expect(await listed()).toEqual([]);
    await context.database.db.execute(
      sql`insert into pin_identifiers (pin_id, identifier_id) values (${pin}, 8)`,
    );
    expect(await listed()).toEqual([[pin, true]]);
    await context.database.db.execute(
      sql`update pin_identifiers set identifier_id = 7 where pin_id = ${pin} and identifier_id = 8`,
    );
    expect(await listed()).toEqual([]);
    await context.database.db.execute(sql`delete from pin_identifiers where pin_id = ${pin}`);
    expect(await listed()).toEqual([[pin, false]]);
  });

  it('near a point, lists only the nearest offers in reach, up to the cap, and a brand its own nearest', async () => {
    const cap = GIFT_LIMITS.marketplaceNearestMax;
    const business = await fundedBusiness(context, 1000, 'Crowded Coffee');
    const template = await createTestPin(business.agent, store.starbucks, { radius: 50 });
    const farDunkin = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      radius: 50,
    });
    // A dense spot far from the other tests' pins: cap + 5 Starbucks offers 0.1 to 10.5 miles
    // away in every direction (copies of one pin's row), and a Dunkin offer beyond all of them.
    const center = { lat: 47.6097, lng: -122.3422 };
    const crowd = Array.from({ length: cap + 5 }, (_, index) => ({
      miles: 0.1 * (index + 1),
      ...pointAt(center.lat, center.lng, 0.1 * (index + 1), (index * 137) % 360),
    }));
    const inserted = await context.database.query<{ id: number }>(
      `insert into pins (business_id, brand_id, location_id, value_cents, quantity, remaining,
         radius_miles, lat, lng, promotion_message, show_business_info, status, expires_at)
       select p.business_id, p.brand_id, p.location_id, p.value_cents, p.quantity, p.remaining,
         p.radius_miles, spot.lat, spot.lng, p.promotion_message, p.show_business_info, p.status,
         p.expires_at
       from pins p, unnest($2::double precision[], $3::double precision[]) with ordinality
         as spot(lat, lng, n)
       where p.id = $1
       order by spot.n
       returning id`,
      [template, crowd.map((spot) => spot.lat), crowd.map((spot) => spot.lng)],
    );
    const crowdIds = inserted.map((row) => Number(row.id));
    const dunkinSpot = pointAt(center.lat, center.lng, 12, 45);
    await placePin(farDunkin, dunkinSpot.lat, dunkinSpot.lng);
    await placePin(template, 0, 0);
    const consumer = await signedInConsumer(context);

    try {
      const listed: MarketplacePin[] = [];
      let total: number | undefined = 0;
      for (let page = 1; listed.length < cap + 10 && page <= 10; page += 1) {
        const response = await consumer.agent
          .get('/api/gift-cards/marketplace')
          .query({ ...center, limit: 50, page });
        expect(response.status).toBe(200);
        total = totalCount(response);
        if (response.body.length === 0) break;
        listed.push(...response.body);
      }
      expect(total).toBe(cap);
      expect(new Set(ids(listed))).toEqual(new Set(crowdIds.slice(0, cap)));
      const first = await consumer.agent
        .get('/api/gift-cards/marketplace')
        .query({ ...center, limit: 10 });
      expect(first.headers['x-marketplace-scope']).toBe('nearest');
      const distances = listed.map((pin) => pin.distance_miles!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));

      // The brand chosen is searched on its own: its nearest offers, however many others are nearer.
      const dunkin = await consumer.agent
        .get('/api/gift-cards/marketplace')
        .query({ ...center, brand: 'dunkin', limit: 50 });
      expect(dunkin.status).toBe(200);
      expect(ids(dunkin.body)).toEqual([farDunkin]);
      expect(dunkin.body[0].distance_miles).toBeCloseTo(12, 0);
      expect(totalCount(dunkin)).toBe(1);
    } finally {
      await context.database.query('delete from pins where id = any($1::integer[])', [crowdIds]);
    }
  });

  it('without a location, lists the newest offers up to the cap, favourite brands first', async () => {
    const cap = GIFT_LIMITS.marketplaceNearestMax;
    const business = await fundedBusiness(context, 1000, 'Newest Coffee');
    const favourite = await createTestPin(business.agent, store.dunkin, { brand: 'dunkin' });
    const template = await createTestPin(business.agent, store.starbucks);
    // cap + 5 newer Starbucks offers (copies of one pin's row), one second apart.
    const inserted = await context.database.query<{ id: number }>(
      `insert into pins (business_id, brand_id, location_id, value_cents, quantity, remaining,
         radius_miles, lat, lng, promotion_message, show_business_info, status, expires_at,
         created_at)
       select p.business_id, p.brand_id, p.location_id, p.value_cents, p.quantity, p.remaining,
         p.radius_miles, p.lat, p.lng, p.promotion_message, p.show_business_info, p.status,
         p.expires_at, now() + n * interval '1 second'
       from pins p, generate_series(1, $2::integer) as n
       where p.id = $1
       order by n
       returning id`,
      [template, cap + 5],
    );
    const newestFirst = inserted.map((row) => Number(row.id)).reverse();
    const consumer = await signedInConsumer(context, { brands: ['dunkin'], identifiers: [] });

    try {
      const listed: MarketplacePin[] = [];
      let firstPage: { total: number | undefined; scope: unknown } = { total: 0, scope: undefined };
      for (let page = 1; page <= 5; page += 1) {
        const response = await consumer.agent
          .get('/api/gift-cards/marketplace')
          .query({ limit: 50, page });
        expect(response.status).toBe(200);
        if (page === 1) {
          firstPage = {
            total: totalCount(response),
            scope: response.headers['x-marketplace-scope'],
          };
        }
        if (response.body.length === 0) break;
        listed.push(...response.body);
      }
      expect(firstPage.total).toBe(cap);
      expect(firstPage.scope).toBe('newest');
      expect(listed).toHaveLength(cap);
      // The favourite brand's offers first (older as they are), then the newest of the rest.
      const recommended = listed.filter((pin) => pin.recommended);
      expect(recommended.every((pin) => pin.brand === 'dunkin')).toBe(true);
      expect(ids(recommended)).toContain(favourite);
      expect(ids(listed.slice(0, recommended.length))).toEqual(ids(recommended));
      expect(ids(listed.slice(recommended.length))).toEqual(
        newestFirst.slice(0, cap - recommended.length),
      );

      // A search without a location looks through every offer, however old.
      const search = await consumer.agent
        .get('/api/gift-cards/marketplace')
        .query({ search: 'Newest Coffee', limit: 100 });
      expect(search.status).toBe(200);
      expect(totalCount(search)).toBe(cap + 7);
      expect(search.headers['x-marketplace-scope']).toBeUndefined();
    } finally {
      await context.database.query('delete from pins where id = any($1::integer[])', [newestFirst]);
    }
  });

  it('rejects bad coordinates and a lone lat with 400', async () => {
    const consumer = await signedInConsumer(context);
    const lone = await consumer.agent.get('/api/gift-cards/marketplace?lat=42');
    expect(lone.status).toBe(400);
    expect(lone.body.message).toBe('Send both lat and lng, or neither');
    const wrong = await consumer.agent.get('/api/gift-cards/marketplace?lat=91&lng=0');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('lat must be between -90 and 90');
    const words = await consumer.agent.get('/api/gift-cards/marketplace?lat=north&lng=0');
    expect(words.status).toBe(400);
  });

  it('takes coordinates too tiny for Postgres as 0 (they failed with 500)', async () => {
    const consumer = await signedInConsumer(context);
    const tiny = await consumer.agent.get(
      '/api/gift-cards/marketplace?lat=4e-323&lng=-8.1456433676592e-265',
    );
    expect(tiny.status).toBe(200);
    const precise = await consumer.agent.get(
      '/api/gift-cards/marketplace?lat=42.3493261234567&lng=-71.0813449876543',
    );
    expect(precise.status).toBe(200);
  });

  it('answers 401 without a session and 403 for a business', async () => {
    const anonymous = await context.agent().get('/api/gift-cards/marketplace');
    expect(anonymous.status).toBe(401);
    const business = await fundedBusiness(context, 0);
    const forbidden = await business.agent.get('/api/gift-cards/marketplace');
    expect(forbidden.status).toBe(403);
  });
});

describe('GET /api/gift-cards/marketplace/brands', () => {
  it('lists, sorted and once each, the brands of the offers in reach that the consumer may claim', async () => {
    const business = await fundedBusiness(context);
    const dunkin = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      radius: 3,
    });
    const starbucks = await createTestPin(business.agent, store.starbucks, { radius: 3 });
    const secondDunkin = await createTestPin(business.agent, store.dunkin, {
      brand: 'dunkin',
      radius: 3,
    });
    const aimedElsewhere = await createTestPin(business.agent, store.starbucks, {
      radius: 3,
      targetIdentifiers: [9],
    });
    const spot = { lat: 23.4, lng: -151.7 };
    for (const pin of [dunkin, secondDunkin, aimedElsewhere]) {
      await placePin(pin, spot.lat, spot.lng);
    }
    // 3.5 miles off, beyond its 3-mile reach.
    const beyond = pointAt(spot.lat, spot.lng, 3.5, 200);
    await placePin(starbucks, beyond.lat, beyond.lng);
    const consumer = await signedInConsumer(context, { brands: ['dunkin'], identifiers: [1] });

    const response = await consumer.agent
      .get('/api/gift-cards/marketplace/brands')
      .query({ ...spot });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual(['dunkin']);

    await placePin(starbucks, spot.lat, spot.lng);
    expect(await brandsAt(consumer, spot)).toEqual(['dunkin', 'starbucks']);
    // Claimed pins leave the list, and their brand with them once none is left.
    await consumer.agent.post(`/api/pins/${dunkin}/claim`).expect(201);
    expect(await brandsAt(consumer, spot)).toEqual(['dunkin', 'starbucks']);
    await consumer.agent.post(`/api/pins/${secondDunkin}/claim`).expect(201);
    expect(await brandsAt(consumer, spot)).toEqual(['starbucks']);
    // Far from every pin, no brand at all.
    expect(await brandsAt(consumer, { lat: -60.5, lng: 10.25 })).toEqual([]);

    // Without a location: the brands of the newest offers, the fresh Starbucks pin among them.
    const anywhere = await brandsAt(consumer);
    expect(anywhere).toContain('starbucks');
    expect(anywhere).toEqual([...new Set(anywhere)].sort());
  });

  it('rejects bad coordinates and a lone lat or lng with 400', async () => {
    const consumer = await signedInConsumer(context);
    const brands = (query: string) =>
      consumer.agent.get(`/api/gift-cards/marketplace/brands?${query}`);
    const lone = await brands('lat=42');
    expect([lone.status, lone.body.message]).toEqual([400, 'Send both lat and lng, or neither']);
    const loneLng = await brands('lng=-71');
    expect([loneLng.status, loneLng.body.message]).toEqual([
      400,
      'Send both lat and lng, or neither',
    ]);
    const wrongLat = await brands('lat=91&lng=0');
    expect([wrongLat.status, wrongLat.body.message]).toEqual([
      400,
      'lat must be between -90 and 90',
    ]);
    const wrongLng = await brands('lat=0&lng=-180.5');
    expect([wrongLng.status, wrongLng.body.message]).toEqual([
      400,
      'lng must be between -180 and 180',
    ]);
    const words = await brands('lat=north&lng=0');
    expect([words.status, words.body.message]).toEqual([400, 'lat must be a number']);
    // Too tiny for Postgres, taken as 0 (as on the list).
    expect((await brands('lat=4e-323&lng=-8.1456433676592e-265')).status).toBe(200);
  });

  it('answers 401 without a session and 403 for a business', async () => {
    const anonymous = await context.agent().get('/api/gift-cards/marketplace/brands');
    expect(anonymous.status).toBe(401);
    const business = await fundedBusiness(context, 0);
    const forbidden = await business.agent.get('/api/gift-cards/marketplace/brands');
    expect(forbidden.status).toBe(403);
    const located = await business.agent
      .get('/api/gift-cards/marketplace/brands')
      .query({ lat: 42.347, lng: -71.087 });
    expect(located.status).toBe(403);
  });
});
