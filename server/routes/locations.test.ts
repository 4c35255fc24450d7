import { count } from 'drizzle-orm';
import { stores } from '@shared/schema/locations';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStoreCatalogue } from '../db/store-catalogue';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';

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

describe('store catalogue', () => {
  it('holds all 25,717 stores, and seeding again changes nothing', async () => {
    const countStores = async () => {
      const [row] = await context.database.db.select({ total: count() }).from(stores);
      return row?.total;
    };
    expect(await countStores()).toBe(25_717);
    expect(await seedStoreCatalogue(context.database.db)).toBe(0);
    expect(await countStores()).toBe(25_717);
  });
});

describe('GET /api/locations/brands', () => {
  it('lists the brands that have stores', async () => {
    const response = await agent.get('/api/locations/brands');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(['dunkin', 'starbucks', 'walmart']);
  });

  it('answers 401 without a session', async () => {
    expect((await request(context.app).get('/api/locations/brands')).status).toBe(401);
  });
});

describe('GET /api/locations/states', () => {
  it('lists a brand’s states by name, as the data README counts them', async () => {
    const walmart = (await agent.get('/api/locations/states?brand=walmart')).body;
    const dunkin = (await agent.get('/api/locations/states?brand=dunkin')).body;
    expect(walmart).toHaveLength(51);
    expect(dunkin).toHaveLength(42);
    expect(dunkin.find((state: { value: string }) => state.value === 'WA')).toBeUndefined();
    const starbucks = (await agent.get('/api/locations/states?brand=starbucks')).body;
    expect(starbucks).toContainEqual({ value: 'CA', label: 'California' });
    expect(starbucks).toContainEqual({ value: 'DC', label: 'District of Columbia' });
    const labels = starbucks.map((state: { label: string }) => state.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('rejects a missing or unknown brand with 400, and needs a session', async () => {
    const missing = await agent.get('/api/locations/states');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('brand is required');
    const unknown = await agent.get('/api/locations/states?brand=acme');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown brand: acme');
    expect((await request(context.app).get('/api/locations/states?brand=dunkin')).status).toBe(401);
  });
});

describe('GET /api/locations/cities', () => {
  it('lists the cities of a brand in a state, sorted', async () => {
    const response = await agent.get('/api/locations/cities?brand=dunkin&state=ct');
    expect(response.status).toBe(200);
    expect(response.body).toContainEqual({ value: 'Hartford', label: 'Hartford' });
    const labels = response.body.map((city: { label: string }) => city.label);
    expect(labels).toEqual([...labels].sort());
    expect((await agent.get('/api/locations/cities?brand=dunkin&state=WA')).body).toEqual([]);
  });

  it('rejects a missing or invalid state with 400', async () => {
    const missing = await agent.get('/api/locations/cities?brand=dunkin');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('state is required');
    const invalid = await agent.get('/api/locations/cities?brand=dunkin&state=ZZ');
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('state must be a US state code such as CA');
  });
});

describe('GET /api/locations/stores', () => {
  it('lists the stores of a city with their real coordinates, sorted by label', async () => {
    const response = await agent.get(
      '/api/locations/stores?brand=dunkin&state=NY&city=Clifton%20Park',
    );
    expect(response.status).toBe(200);
    const store = response.body.find(
      (item: { label: string }) => item.label === "Dunkin' Donuts — 1752B Route 9",
    );
    expect(store).toMatchObject({ details: { coordinates: { lat: 42.871739, lng: -73.774136 } } });
    expect(Number.isInteger(store.value)).toBe(true);
    const labels = response.body.map((item: { label: string }) => item.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('answers an empty list for a city without stores and 400 without a city', async () => {
    expect(
      (await agent.get('/api/locations/stores?brand=walmart&state=MA&city=Nowhere')).body,
    ).toEqual([]);
    const missing = await agent.get('/api/locations/stores?brand=walmart&state=MA');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('city is required');
  });

  it('answers each step of the cascade quickly from the index', async () => {
    const started = performance.now();
    await agent.get('/api/locations/states?brand=starbucks').expect(200);
    await agent.get('/api/locations/cities?brand=starbucks&state=CA').expect(200);
    await agent
      .get('/api/locations/stores?brand=starbucks&state=CA&city=Los%20Angeles')
      .expect(200);
    expect(performance.now() - started).toBeLessThan(600);
  });
});
