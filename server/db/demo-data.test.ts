import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pins } from '@shared/schema/pins';
import { users } from '@shared/schema/users';
import { getUserFundsBalance } from '../services/ledger/accounts';
import { checkLedger } from '../services/ledger/check-ledger';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';
import { DEMO_USERNAMES, seedDemoData } from './demo-data';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
  await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

describe('seedDemoData', () => {
  it('creates the demo accounts once, funds the businesses through the ledger and pins real stores', async () => {
    const db = context.database.db;
    expect(await seedDemoData(db)).toBe(DEMO_USERNAMES.length);
    expect(await seedDemoData(db)).toBe(0);

    const [bean] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'bean_street'));
    const beanPins = await db.select().from(pins).where(eq(pins.businessId, bean!.id));
    // Only the Boston Starbucks exists in this test catalogue: one pin of 10 × $10.
    expect(beanPins).toHaveLength(1);
    expect(beanPins[0]).toMatchObject({
      brandId: 'starbucks',
      valueCents: 1000,
      quantity: 10,
      status: 'active',
    });
    expect(await getUserFundsBalance(db, bean!.id)).toBe(500_00 - 100_00);
    expect(await checkLedger(db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });
});
