import { and, count, eq, sql } from 'drizzle-orm';
import { stores } from '@shared/tables/locations';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStoreCatalogue } from '../db/store-catalogue';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';

type Option = { value: string; label: string };
type Store = {
  value: number;
  label: string;
  details: { coordinates: { lat: number; lng: number } };
};

let context: TestContext;
let agent: ReturnType<TestContext['agent']>;
beforeAll(async () => {
  context = await createTestContext({ withStores: true });
  agent = context.agent();
  await registerAs(agent, consumerInput());
}, 120_000);
afterAll(async () => {
  await context.close();
});

const collator = new Intl.Collator('en-US');
const expectSortedByLabel = (list: { label: string }[]) => {
  const labels = list.map((item) => item.label);
  expect(labels).toEqual([...labels].sort(collator.compare));
};

describe('store catalogue', () => {
  it('holds all 25,717 stores, and seeding again changes nothing', async () => {
    const countStores = async () => {
      const [row] = await context.database.db.select({ total: count() }).from(stores);
      return row?.total;
    };
    expect(await countStores()).toBe(25_717);
    expect(await seedStoreCatalogue(context.database.db)).toBe(0);
    expect(await seedStoreCatalogue(context.database.db)).toBe(0);
    expect(await countStores()).toBe(25_717);
  });

  it('finds a city’s stores through the (brand, state, city) index, not a scan of every store', async () => {
    const { db } = context.database;
    // The query of listStores.
    const query = db
      .select({ id: stores.id, name: stores.name, street: stores.street })
      .from(stores)
      .where(
        and(
          eq(stores.brandId, 'starbucks'),
          eq(stores.state, 'CA'),
          eq(stores.city, 'Los Angeles'),
        ),
      );
    const result = (await db.execute(sql`explain ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('stores_brand_state_city_idx');
    expect(plan).not.toMatch(/Seq Scan on stores/);
  });
});

describe('GET /api/locations/brands', () => {
  it('lists the brands that have stores, sorted, for the browser to keep a while', async () => {
    const response = await agent.get('/api/locations/brands');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(['dunkin', 'starbucks', 'walmart']);
    expect(response.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('GET /api/locations/states', () => {
  it('lists a brand’s states by name, as the data README counts them', async () => {
    const walmart: Option[] = (await agent.get('/api/locations/states?brand=walmart')).body;
    const dunkin: Option[] = (await agent.get('/api/locations/states?brand=dunkin')).body;
    const starbucks: Option[] = (await agent.get('/api/locations/states?brand=starbucks')).body;
    expect(walmart).toHaveLength(51);
    expect(starbucks).toHaveLength(51);
    expect(dunkin).toHaveLength(42);
    expect(dunkin.find((state) => state.value === 'WA')).toBeUndefined();
    expect(starbucks).toContainEqual({ value: 'CA', label: 'California' });
    expect(starbucks).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    expectSortedByLabel(starbucks);
    expect(starbucks[0]).toEqual({ value: 'AL', label: 'Alabama' });
    expect(starbucks.at(-1)).toEqual({ value: 'WY', label: 'Wyoming' });
  });

  it('rejects a missing or unknown brand with 400, uncached', async () => {
    const missing = await agent.get('/api/locations/states');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('brand is required');
    const unknown = await agent.get('/api/locations/states?brand=acme');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: 'Unknown brand: acme',
      errors: { brand: 'Unknown brand: acme' },
    });
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/locations/cities', () => {
  it('lists the cities of a brand in a state, sorted, with the state in any case', async () => {
    const response = await agent.get('/api/locations/cities?brand=dunkin&state=ct');
    expect(response.status).toBe(200);
    const cities: Option[] = response.body;
    expect(cities).toContainEqual({ value: 'Hartford', label: 'Hartford' });
    expect(cities).toContainEqual({ value: 'New Haven', label: 'New Haven' });
    expectSortedByLabel(cities);
    expect(new Set(cities.map((city) => city.value)).size).toBe(cities.length);
  });

  it('answers an empty list for a valid state where the brand has no stores', async () => {
    const response = await agent.get('/api/locations/cities?brand=dunkin&state=WA');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('rejects a missing or invalid state and an unknown brand with 400', async () => {
    const missing = await agent.get('/api/locations/cities?brand=dunkin');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('state is required');
    const invalid = await agent.get('/api/locations/cities?brand=dunkin&state=ZZ');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('state must be a US state code such as CA');
    const inherited = await agent.get('/api/locations/cities?brand=dunkin&state=constructor');
    expect(inherited.status).toBe(400);
    const noBrand = await agent.get('/api/locations/cities?state=CT');
    expect(noBrand.status).toBe(400);
    expect(noBrand.body.message).toBe('brand is required');
    const unknown = await agent.get('/api/locations/cities?brand=acme&state=CT');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown brand: acme');
  });
});

describe('GET /api/locations/stores', () => {
  it('lists the stores of a city with their real coordinates, sorted by label', async () => {
    const response = await agent.get(
      '/api/locations/stores?brand=dunkin&state=NY&city=Clifton%20Park',
    );
    expect(response.status).toBe(200);
    const list: Store[] = response.body;
    expect(list.length).toBeGreaterThan(1);
    const store = list.find((item) => item.label === "Dunkin' Donuts — 1752B Route 9");
    expect(store).toMatchObject({ details: { coordinates: { lat: 42.871739, lng: -73.774136 } } });
    expect(Number.isInteger(store?.value)).toBe(true);
    expectSortedByLabel(list);
  });

  it('labels a store with its name and street', async () => {
    const response = await agent.get(
      '/api/locations/stores?brand=starbucks&state=CA&city=Los%20Angeles',
    );
    expect(response.status).toBe(200);
    const list: Store[] = response.body;
    expect(list.length).toBeGreaterThan(50);
    for (const item of list) {
      expect(item.label).toMatch(/^.+ — .+$/);
      expect(item.details.coordinates.lat).toBeGreaterThan(33);
      expect(item.details.coordinates.lat).toBeLessThan(35);
      expect(item.details.coordinates.lng).toBeLessThan(-117);
    }
    expectSortedByLabel(list);
  });

  it('answers an empty list for a city without stores, and 400 without a city', async () => {
    const empty = await agent.get('/api/locations/stores?brand=walmart&state=MA&city=Nowhere');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual([]);
    const missing = await agent.get('/api/locations/stores?brand=walmart&state=MA');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('city is required');
    const unknown = await agent.get('/api/locations/stores?brand=acme&state=MA&city=Boston');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown brand: acme');
  });
});

describe('every /api/locations endpoint', () => {
  const urls = [
    '/api/locations/brands',
    '/api/locations/states?brand=starbucks',
    '/api/locations/cities?brand=starbucks&state=CA',
    '/api/locations/stores?brand=starbucks&state=CA&city=Los%20Angeles',
  ];

  it.each(urls)('answers 401 without a session: %s', async (url) => {
    const response = await request(context.app).get(url);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('You need to sign in first');
  });

  it.each(urls)('answers well under 200 ms on the full catalogue: %s', async (url) => {
    const started = performance.now();
    await agent.get(url).expect(200);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
