import { eq } from 'drizzle-orm';
import { testPaymentCharges } from '@shared/tables/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureExpiry } from '../../testing/payments';
import { createTestContext, type TestContext } from '../../testing/test-app';
import {
  createTestPaymentProvider,
  TEST_CARD_DECLINED,
  TEST_CARD_SUCCESS,
  type TestPaymentProvider,
} from './payment-provider';

let context: TestContext;
let provider: TestPaymentProvider;
beforeAll(async () => {
  context = await createTestContext();
  provider = createTestPaymentProvider(context.database.db);
});
afterAll(() => context.close());

const token = async (number = TEST_CARD_SUCCESS) =>
  (await provider.tokenize({ number, expiry: futureExpiry(), cvc: '123' })).token;

describe('the test-mode payment provider', () => {
  it('takes one charge per idempotency key, however often it is sent', async () => {
    const card = await token();
    const charge = () =>
      provider.charge({ amountCents: 1500, token: card, description: 'x', idempotencyKey: 'k-1' });
    const [first, second] = await Promise.all([charge(), charge()]);
    const third = await charge();
    expect(second.reference).toBe(first.reference);
    expect(third.reference).toBe(first.reference);
    const rows = await context.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.idempotencyKey, 'k-1'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a key used before for another amount', async () => {
    const card = await token();
    await provider.charge({
      amountCents: 500,
      token: card,
      description: 'x',
      idempotencyKey: 'k-2',
    });
    await expect(
      provider.charge({ amountCents: 600, token: card, description: 'x', idempotencyKey: 'k-2' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('charges a one-time token once, a kept card again and again, and declines the declining test card', async () => {
    const card = await token();
    await provider.charge({ amountCents: 100, token: card, description: 'x' });
    await expect(
      provider.charge({ amountCents: 100, token: card, description: 'x' }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'This card entry was already used for a payment. Please enter the card again.',
    });
    const kept = await provider.keepCard(await token());
    expect(kept.card).toMatchObject({ brand: 'visa', last4: '4242' });
    const one = await provider.charge({ amountCents: 100, token: kept.token, description: 'x' });
    const two = await provider.charge({ amountCents: 100, token: kept.token, description: 'x' });
    expect(one.reference).not.toBe(two.reference);
    await expect(
      provider.charge({
        amountCents: 100,
        token: await token(TEST_CARD_DECLINED),
        description: 'x',
      }),
    ).rejects.toMatchObject({ status: 402, message: 'Your card was declined' });
  });

  it('records a refund against the charge', async () => {
    const charge = await provider.charge({
      amountCents: 700,
      token: await token(),
      description: 'x',
    });
    await provider.refund({ reference: charge.reference });
    const [row] = await context.database.db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.reference, charge.reference));
    expect(row?.refundedAt).toBeInstanceOf(Date);
  });
});
