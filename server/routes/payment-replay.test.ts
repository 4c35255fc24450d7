import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPaymentTokens } from '@shared/tables/payments';
import { queryRows } from '../db/query-rows';
import { checkLedger } from '../services/ledger/check-ledger';
import { businessInput, registerAs } from '../testing/factories';
import { consumerWithPaidCard, signedInConsumer } from '../testing/gift-cards';
import { totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { addPayoutAccountFor } from '../testing/payout-accounts';
import { redemptionCodeFor } from '../testing/redemptions';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor } from '../testing/two-factor';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

type Agent = ReturnType<TestContext['agent']>;

const TOKEN_USED = 'This card entry was already used for a payment. Please enter the card again.';
const TOKEN_EXPIRED =
  'This card entry has expired (after 15 minutes). Please enter the card again.';
const KEY_REUSED =
  'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

/** A signed-in business with nothing in its wallet. */
async function business(): Promise<Agent> {
  const agent = context.agent();
  await registerAs(agent, businessInput());
  return agent;
}

const balanceOf = async (agent: Agent): Promise<number> =>
  (await agent.get('/api/wallet')).body.balance as number;

async function chargesWith(token: string): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    context.database.db,
    sql`select count(*) as n from test_payment_charges where token = ${token}`,
  );
  return Number(row!.n);
}

async function chargeCount(): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    context.database.db,
    sql`select count(*) as n from test_payment_charges`,
  );
  return Number(row!.n);
}

async function ledgerTransactionCount(): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    context.database.db,
    sql`select count(*) as n from ledger_transactions`,
  );
  return Number(row!.n);
}

const guestGift = (recipientUsername: string, overrides: Record<string, unknown> = {}) => ({
  recipientUsername,
  brand: 'starbucks',
  value: 10,
  senderEmail: 'replayer@example.com',
  message: '',
  ...overrides,
});

describe('a card token pays once', () => {
  it('refuses a token that already paid, and moves nothing', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    await agent.post('/api/wallet/add-funds').send({ amount: 20, paymentToken }).expect(201);

    const again = await agent.post('/api/wallet/add-funds').send({ amount: 20, paymentToken });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      message: TOKEN_USED,
      errors: { paymentToken: TOKEN_USED },
    });
    expect(await balanceOf(agent)).toBe(20);
    expect(await chargesWith(paymentToken)).toBe(1);

    // Nor can the token pay for a gift card somewhere else.
    const recipient = await signedInConsumer(context);
    const gift = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send(guestGift(recipient.user.username, { paymentToken }));
    expect(gift.status).toBe(400);
    expect(gift.body.message).toBe(TOKEN_USED);
    expect(totalCount(await recipient.agent.get('/api/gift-cards/consumer/wallet'))).toBe(0);
    expect(await chargesWith(paymentToken)).toBe(1);
  });

  it('refuses a token 15 minutes after it was made, unused, and moves nothing', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    await context.database.db
      .update(testPaymentTokens)
      .set({ createdAt: sql`now() - interval '15 minutes 1 second'` })
      .where(eq(testPaymentTokens.token, paymentToken));
    const before = await ledgerTransactionCount();

    const late = await agent.post('/api/wallet/add-funds').send({ amount: 20, paymentToken });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(TOKEN_EXPIRED);
    expect(await balanceOf(agent)).toBe(0);
    expect(await chargesWith(paymentToken)).toBe(0);
    expect(await ledgerTransactionCount()).toBe(before);

    // A token made 14 minutes ago still pays.
    const fresh = await cardToken(context);
    await context.database.db
      .update(testPaymentTokens)
      .set({ createdAt: sql`now() - interval '14 minutes'` })
      .where(eq(testPaymentTokens.token, fresh));
    const paid = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 20, paymentToken: fresh });
    expect(paid.status).toBe(201);
  });

  it('charges once for 20 payments sent at once with one token', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        agent.post('/api/wallet/add-funds').send({ amount: 30, paymentToken }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(400)]);
    for (const response of responses.filter((answer) => answer.status === 400)) {
      expect(response.body.message).toBe(TOKEN_USED);
    }
    expect(await balanceOf(agent)).toBe(30);
    expect(await chargesWith(paymentToken)).toBe(1);
    expect(totalCount(await agent.get('/api/wallet/transactions'))).toBe(1);
    expect(await checkLedger(context.database.db)).toMatchObject({ entriesSum: 0 });
  });

  it('keeps a saved card paying: saving exchanges the one-time token for one the card keeps', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    const saved = await agent.post('/api/payments/cards').send({ paymentToken });
    expect(saved.status).toBe(201);
    // A retried save is the same card.
    const retried = await agent.post('/api/payments/cards').send({ paymentToken });
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(saved.body.id);

    for (const amount of [5, 6, 7]) {
      const paid = await agent
        .post('/api/wallet/add-funds')
        .send({ amount, paymentMethodId: saved.body.id });
      expect(paid.status).toBe(201);
    }
    expect(await balanceOf(agent)).toBe(18);
    // The token the browser had is spent by the save: it pays nothing by itself.
    const direct = await agent.post('/api/wallet/add-funds').send({ amount: 5, paymentToken });
    expect(direct.status).toBe(400);
    expect(direct.body.message).toBe(TOKEN_USED);
    expect(await balanceOf(agent)).toBe(18);
  });

  it('answers a retry with the same Idempotency-Key and body with the first result, its token used', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    const send = () =>
      agent
        .post('/api/wallet/add-funds')
        .set('Idempotency-Key', 'replay-same-token')
        .send({ amount: 12, paymentToken });
    const first = await send();
    expect(first.status).toBe(201);
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await chargesWith(paymentToken)).toBe(1);
  });
});

describe('an Idempotency-Key sent again with a different request', () => {
  it('add funds: 422 and nothing moves; the same body answers the first result', async () => {
    const agent = await business();
    const paymentToken = await cardToken(context);
    const first = await agent
      .post('/api/wallet/add-funds')
      .set('Idempotency-Key', 'funds-1')
      .send({ amount: 10, paymentToken });
    expect(first.status).toBe(201);

    const otherToken = await cardToken(context);
    const charges = await chargeCount();
    const other = await agent
      .post('/api/wallet/add-funds')
      .set('Idempotency-Key', 'funds-1')
      .send({ amount: 11, paymentToken: otherToken });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(KEY_REUSED);
    expect(await balanceOf(agent)).toBe(10);
    expect(await chargeCount()).toBe(charges);
    // The refused request did not use up its card token.
    const [token] = await context.database.db
      .select({ usedAt: testPaymentTokens.usedAt })
      .from(testPaymentTokens)
      .where(eq(testPaymentTokens.token, otherToken));
    expect(token!.usedAt).toBeNull();

    // The same body with its keys in another order is the same request.
    const same = await agent
      .post('/api/wallet/add-funds')
      .set('Idempotency-Key', 'funds-1')
      .send({ paymentToken, amount: 10 });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    expect(await balanceOf(agent)).toBe(10);
  });

  it('withdraw: 422 and nothing moves; the same body answers the first result', async () => {
    const agent = await business();
    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 50, paymentToken: await cardToken(context) })
      .expect(201);
    const send = (amount: number) =>
      agent.post('/api/wallet/withdraw').set('Idempotency-Key', 'payout-1').send({ amount });
    const first = await send(20);
    expect(first.status).toBe(201);
    const other = await send(25);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(KEY_REUSED);
    expect(await balanceOf(agent)).toBe(30);
    const same = await send(20);
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    expect(await balanceOf(agent)).toBe(30);
  });

  it('a spend at the counter: 422 and nothing moves; the same body answers the first result', async () => {
    const holder = await consumerWithPaidCard(context);
    const counter = await business();
    await counter
      .patch('/api/user/settings')
      .send({ acceptedBrands: ['starbucks'] })
      .expect(200);
    const code = await redemptionCodeFor(holder.agent, holder.card.id);
    const send = (body: object) =>
      counter.post('/api/redemptions').set('Idempotency-Key', 'spend-1').send(body);
    const first = await send({ code, amount: 3 });
    expect(first.status).toBe(201);
    const otherCode = await redemptionCodeFor(holder.agent, holder.card.id);
    const other = await send({ code: otherCode, amount: 3 });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(KEY_REUSED);
    expect(await balanceOf(counter)).toBe(3);
    const same = await send({ code, amount: 3 });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    expect(await balanceOf(counter)).toBe(3);
    // The refused request left its code usable.
    expect(
      (await counter.post('/api/redemptions').send({ code: otherCode, amount: 1 })).status,
    ).toBe(201);
  });

  it('a gift card bought by a guest: 422 and nothing is charged or issued; the same body answers the first card', async () => {
    const recipient = await signedInConsumer(context);
    const paymentToken = await cardToken(context);
    const send = (body: object) =>
      context.agent().post('/api/gift-cards/guest').set('Idempotency-Key', 'gift-1').send(body);
    const first = await send(guestGift(recipient.user.username, { paymentToken }));
    expect(first.status).toBe(201);

    const charges = await chargeCount();
    const other = await send(
      guestGift(recipient.user.username, { value: 25, paymentToken: await cardToken(context) }),
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(KEY_REUSED);
    expect(await chargeCount()).toBe(charges);
    expect(totalCount(await recipient.agent.get('/api/gift-cards/consumer/wallet'))).toBe(1);

    const same = await send(guestGift(recipient.user.username, { paymentToken }));
    expect(same.status).toBe(200);
    expect(same.body).toEqual(first.body);
    expect(await chargeCount()).toBe(charges);
    expect(totalCount(await recipient.agent.get('/api/gift-cards/consumer/wallet'))).toBe(1);
  });
});
