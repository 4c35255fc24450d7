import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../db/reference-data';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

describe('GET /api/brands', () => {
  it('lists the three brands with their display names and logos, without a session', async () => {
    const response = await request(context.app).get('/api/brands');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { id: 'dunkin', name: 'Dunkin', logo: 'doughnut' },
      { id: 'starbucks', name: 'Starbucks', logo: 'coffee' },
      { id: 'walmart', name: 'Walmart', logo: 'cart' },
    ]);
  });
});

describe('GET /api/identifiers', () => {
  it('lists at least 12 identifiers across at least 4 categories, each complete', async () => {
    const response = await request(context.app).get('/api/identifiers');
    expect(response.status).toBe(200);
    const list = response.body as {
      id: number;
      name: string;
      category: string;
      description: string;
      icon: string;
    }[];
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect(new Set(list.map((item) => item.category)).size).toBeGreaterThanOrEqual(4);
    for (const item of list) {
      expect(Number.isInteger(item.id)).toBe(true);
      expect(item.name).not.toBe('');
      expect(item.description).not.toBe('');
      expect(item.icon).not.toBe('');
    }
    expect(list.find((item) => item.name === 'Coffee lover')).toMatchObject({
      category: 'food & drink',
      icon: '☕',
    });
  });

  it('stays the same when the reference data is seeded again', async () => {
    const before = (await request(context.app).get('/api/identifiers')).body;
    await seedReferenceData(context.database.db);
    await seedReferenceData(context.database.db);
    const after = (await request(context.app).get('/api/identifiers')).body;
    expect(after).toEqual(before);
    expect((await request(context.app).get('/api/brands')).body).toHaveLength(3);
  });
});
