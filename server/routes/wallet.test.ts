import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '@shared/tables/ledger';
import { checkLedger } from '../services/ledger/check-ledger';
import { TEST_CARD_DECLINED } from '../services/payments/payment-provider';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { waitForMailTo } from '../testing/mail';
import { pageLinks, totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { addPayoutAccountFor } from '../testing/payout-accounts';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor } from '../testing/two-factor';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** A signed-in business with two-factor on and the test bank account, as withdrawing needs. */
async function business() {
  const agent = context.agent();
  await registerAs(agent, businessInput());
  const { secret } = await enableTwoFactorFor(agent);
  await addPayoutAccountFor(agent, secret);
  return agent;
}

/** A fresh token for the test card that is always approved. */
const token = () => cardToken(context);

describe('GET /api/wallet', () => {
  it('starts a new business at zero with an empty history', async () => {
    const agent = await business();
    const response = await agent.get('/api/wallet');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      balance: 0,
      summary: { sent: 0, received: 0, thisMonth: 0, totalTransactions: 0 },
      transactions: [],
    });
  });

  it('answers 401 without a session', async () => {
    expect((await request(context.app).get('/api/wallet')).status).toBe(401);
    expect((await request(context.app).get('/api/wallet/transactions')).status).toBe(401);
  });

  it('computes the summary from the ledger and lists the newest first', async () => {
    const agent = await business();
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 100, paymentToken: await token() })
      .expect(201);
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 50.25, paymentToken: await token() })
      .expect(201);
    await agent.post('/api/wallet/withdraw').send({ amount: 20 }).expect(201);

    const wallet = (await agent.get('/api/wallet')).body;
    expect(wallet.balance).toBe(130.25);
    // Top-ups and a withdrawal change the balance, and are no gifts sent or received.
    expect(wallet.summary).toEqual({
      sent: 0,
      received: 0,
      thisMonth: 130.25,
      totalTransactions: 0,
    });
    expect(
      wallet.transactions.map((item: { type: string; amount: number }) => [item.type, item.amount]),
    ).toEqual([
      ['sent', 20],
      ['received', 50.25],
      ['received', 100],
    ]);
    expect(wallet.transactions[1]).toMatchObject({
      kind: 'add_funds',
      status: 'completed',
      description: 'Added funds with card ending 4242 (test mode)',
    });
  });

  it('pages the full history and rejects a bad page', async () => {
    const agent = await business();
    for (let index = 1; index <= 3; index++) {
      await agent
        .post('/api/wallet/add-funds')
        .send({ amount: index, paymentToken: await token() })
        .expect(201);
    }
    const second = await agent.get('/api/wallet/transactions?page=2&limit=2');
    expect(second.status).toBe(200);
    expect(totalCount(second)).toBe(3);
    expect(pageLinks(second)).toEqual({
      next: null,
      prev: '/api/wallet/transactions?page=1&limit=2',
    });
    expect(second.body.map((item: { amount: number }) => item.amount)).toEqual([1]);
    // Past the end: no items, and still the total.
    const past = await agent.get('/api/wallet/transactions?page=9&limit=2');
    expect(past.body).toEqual([]);
    expect(totalCount(past)).toBe(3);
    expect(pageLinks(past)).toEqual({
      next: null,
      prev: '/api/wallet/transactions?page=2&limit=2',
    });
    // A page far past the end (its offset beyond a 32-bit number) is empty too.
    const far = await agent.get('/api/wallet/transactions?page=30000000&limit=100');
    expect([far.status, far.body, totalCount(far)]).toEqual([200, [], 3]);
    const bad = await agent.get('/api/wallet/transactions?limit=500');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be between 1 and 100');
  });

  it('keeps its summary and pages right when the ledger is corrected by hand, across months', async () => {
    const agent = await business();
    for (const amount of [100, 40, 7]) {
      await agent.post('/api/wallet/add-funds').send({ amount, paymentToken: await token() });
    }
    await agent.post('/api/wallet/withdraw').send({ amount: 20 }).expect(201);
    const userId = (await agent.get('/api/user')).body.id as number;
    const ledger = (statement: ReturnType<typeof sql>) => context.database.db.execute(statement);
    const transactionOf = async (amountCents: number) =>
      (
        await context.database.query<{ id: number }>(
          'select id from ledger_transactions where user_id = $1 and amount_cents = $2',
          [userId, amountCents],
        )
      )[0]!.id;
    const amounts = (items: Array<{ type: string; amount: number }>) =>
      items.map((item) => `${item.type} ${item.amount}`);
    /** Every page of one line, in order: the same lines as the one page of them all. */
    async function expectPagesAgree(lines: string[]) {
      const all = await agent.get('/api/wallet/transactions?limit=100');
      expect(amounts(all.body)).toEqual(lines);
      expect(totalCount(all)).toBe(lines.length);
      const paged: string[] = [];
      for (let page = 1; page <= lines.length; page++) {
        paged.push(
          ...amounts((await agent.get(`/api/wallet/transactions?page=${page}&limit=1`)).body),
        );
      }
      expect(paged).toEqual(lines);
    }
    expect((await agent.get('/api/wallet')).body.summary.thisMonth).toBe(127);
    await expectPagesAgree(['sent 20', 'received 7', 'received 40', 'received 100']);

    // The 40 moved to two months ago: no longer this month's, and listed after the 100.
    const forty = await transactionOf(4000);
    await ledger(sql`update ledger_transactions set created_at = created_at - interval '62 days'
      where id = ${forty}`);
    expect((await agent.get('/api/wallet')).body.summary.thisMonth).toBe(87);
    await expectPagesAgree(['sent 20', 'received 7', 'received 100', 'received 40']);
    // The 7 was a withdrawal after all, and the 20 was 25.
    const seven = await transactionOf(700);
    const twenty = await transactionOf(2000);
    await ledger(sql`update ledger_transactions set kind = 'withdraw' where id = ${seven}`);
    await ledger(sql`update ledger_transactions set amount_cents = 2500 where id = ${twenty}`);
    expect((await agent.get('/api/wallet')).body.summary.thisMonth).toBe(68);
    await expectPagesAgree(['sent 25', 'sent 7', 'received 100', 'received 40']);
    // A movement recorded four months ago, then deleted: its month has no row left.
    const months = async () =>
      (
        await context.database.query<{ movements: number }>(
          'select movements from wallet_ledger_months where user_id = $1 order by month',
          [userId],
        )
      ).map((row) => row.movements);
    await ledger(sql`insert into ledger_transactions (kind, user_id, amount_cents, description, created_at)
      values ('add_funds', ${userId}, 300, 'Corrected by hand', now() - interval '125 days')`);
    expect(await months()).toEqual([1, 1, 3]);
    await expectPagesAgree(['sent 25', 'sent 7', 'received 100', 'received 40', 'received 3']);
    await ledger(sql`delete from ledger_transactions where description = 'Corrected by hand'
      and user_id = ${userId}`);
    expect(await months()).toEqual([1, 3]);
    // Both corrections undone: the ledger is whole again (checked at the end of this file).
    await ledger(sql`update ledger_transactions set kind = 'add_funds' where id = ${seven}`);
    await ledger(sql`update ledger_transactions set amount_cents = 2000 where id = ${twenty}`);
    expect((await agent.get('/api/wallet')).body.summary.thisMonth).toBe(87);
    await expectPagesAgree(['sent 20', 'received 7', 'received 100', 'received 40']);
  });
});

describe('POST /api/wallet/add-funds', () => {
  it('credits the balance with the test card', async () => {
    const agent = await business();
    const response = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 250.5, paymentToken: await token() });
    expect(response.status).toBe(201);
    expect(response.body.balance).toBe(250.5);
    expect(response.body.transaction).toMatchObject({
      type: 'received',
      amount: 250.5,
      kind: 'add_funds',
    });
  });

  it('answers 402 for the declined test card and moves nothing', async () => {
    const agent = await business();
    const response = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 10, paymentToken: await cardToken(context, TEST_CARD_DECLINED) });
    expect(response.status).toBe(402);
    expect(response.body.message).toBe('Your card was declined');
    expect((await agent.get('/api/wallet')).body.balance).toBe(0);
  });

  it.each([
    [{ amount: 0.99, paymentToken: 'tok' }, 'Amount must be between $1 and $10,000'],
    [{ amount: 10_000.01, paymentToken: 'tok' }, 'Amount must be between $1 and $10,000'],
    [{ amount: 5.001, paymentToken: 'tok' }, 'Amount can have at most two decimals'],
    [{ amount: '10', paymentToken: 'tok' }, 'Amount must be a number'],
    [{ amount: 10, paymentToken: '   ' }, 'This card could not be used. Please enter it again.'],
    [
      { amount: 10, paymentToken: 'tok_test_nobody_made_this' },
      'This card could not be used. Please enter it again.',
    ],
    [{ amount: 10, paymentMethodId: 'first' }, 'Saved card not found'],
    [
      { amount: 10, paymentToken: 'tok', paymentMethodId: 1 },
      'Pay with either a new card or a saved card, not both',
    ],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const agent = await business();
    const response = await agent.post('/api/wallet/add-funds').send(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await agent.get('/api/wallet')).body.balance).toBe(0);
  });

  it('answers 402 without a payment, and never takes a card number', async () => {
    const agent = await business();
    const none = await agent.post('/api/wallet/add-funds').send({ amount: 10 });
    expect(none.status).toBe(402);
    expect(none.body.message).toBe('This needs a payment: add a card to pay with');
    // A card number where a token belongs is not a payment: the API has no field for one.
    const number = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 10, cardNumber: '4242 4242 4242 4242' });
    expect(number.status).toBe(402);
    expect((await agent.get('/api/wallet')).body.balance).toBe(0);
  });

  it("charges a saved card, the default or one named, but never someone else's", async () => {
    const agent = await business();
    const saved = await agent
      .post('/api/payments/cards')
      .send({ paymentToken: await token() })
      .expect(201);
    const response = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 30, paymentMethodId: saved.body.id });
    expect(response.status).toBe(201);
    expect(response.body.balance).toBe(30);
    expect(response.body.transaction.description).toBe(
      'Added funds with card ending 4242 (test mode)',
    );

    const other = await business();
    const theirs = await other
      .post('/api/wallet/add-funds')
      .send({ amount: 30, paymentMethodId: saved.body.id });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Saved card not found');
    expect((await other.get('/api/wallet')).body.balance).toBe(0);
  });

  it('answers 401 without a session and 403 for a consumer', async () => {
    const body = { amount: 10, paymentToken: await token() };
    expect((await request(context.app).post('/api/wallet/add-funds').send(body)).status).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    const response = await consumer.post('/api/wallet/add-funds').send(body);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Only business accounts can do this');
  });

  it('credits once for one Idempotency-Key sent 10 times at once', async () => {
    const agent = await business();
    const paymentToken = await token();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        agent
          .post('/api/wallet/add-funds')
          .set('Idempotency-Key', 'top-up-0001')
          .send({ amount: 75, paymentToken }),
      ),
    );
    expect(responses.every((response) => response.status === 201 || response.status === 200)).toBe(
      true,
    );
    expect(new Set(responses.map((response) => response.body.transaction.id)).size).toBe(1);
    const wallet = (await agent.get('/api/wallet')).body;
    expect(wallet.balance).toBe(75);
    expect(totalCount(await agent.get('/api/wallet/transactions'))).toBe(1);

    const bad = await agent
      .post('/api/wallet/add-funds')
      .set('Idempotency-Key', 'has space')
      .send({ amount: 1, paymentToken });
    expect(bad.status).toBe(400);
  });
});

describe('POST /api/wallet/withdraw', () => {
  it('debits the balance', async () => {
    const agent = await business();
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 40, paymentToken: await token() })
      .expect(201);
    const response = await agent.post('/api/wallet/withdraw').send({ amount: 15.5 });
    expect(response.status).toBe(201);
    expect(response.body.balance).toBe(24.5);
    expect(response.body.transaction).toMatchObject({
      type: 'sent',
      amount: 15.5,
      kind: 'withdraw',
    });
  });

  it('answers 409 "Insufficient funds" beyond the balance and changes nothing', async () => {
    const agent = await business();
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 10, paymentToken: await token() })
      .expect(201);
    const response = await agent.post('/api/wallet/withdraw').send({ amount: 10.01 });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Insufficient funds');
    expect((await agent.get('/api/wallet')).body.balance).toBe(10);
  });

  it('never goes below zero under concurrent withdrawals', async () => {
    const agent = await business();
    await agent.post('/api/wallet/add-funds').send({ amount: 100, paymentToken: await token() });
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => agent.post('/api/wallet/withdraw').send({ amount: 30 })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await agent.get('/api/wallet')).body.balance).toBe(10);
  });

  it('answers 409 without a bank account on file, pointing to Payment Settings', async () => {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    await enableTwoFactorFor(agent);
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 20, paymentToken: await token() })
      .expect(201);
    const response = await agent.post('/api/wallet/withdraw').send({ amount: 5 });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'Add a bank account in Payment Settings before withdrawing.',
    );
    expect((await agent.get('/api/wallet')).body.balance).toBe(20);
  });

  it('rejects bad input, no session and a consumer', async () => {
    const agent = await business();
    const bad = await agent.post('/api/wallet/withdraw').send({ amount: -5 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Amount must be between $1 and $10,000');
    expect(
      (await request(context.app).post('/api/wallet/withdraw').send({ amount: 5 })).status,
    ).toBe(401);
    const consumer = context.agent();
    await registerAs(consumer, consumerInput());
    expect((await consumer.post('/api/wallet/withdraw').send({ amount: 5 })).status).toBe(403);
  });
});

describe('receipts', () => {
  // Their own app: the mail job sends a few letters a second, and the tests above queue many.
  let mailing: TestContext;
  beforeAll(async () => {
    mailing = await createTestContext();
  });
  afterAll(async () => {
    await mailing.close();
  });

  it('records the processor reference and e-mails a receipt', async () => {
    const agent = mailing.agent();
    const input = businessInput();
    const user = await registerAs(agent, input);
    const response = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 12.5, paymentToken: await cardToken(mailing) })
      .expect(201);
    const id = Number(String(response.body.transaction.id).slice(1));
    const [row] = await mailing.database.db
      .select({
        reference: ledgerTransactions.providerReference,
        userId: ledgerTransactions.userId,
      })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, id));
    expect(row).toEqual({ reference: expect.stringMatching(/^test_ch_/), userId: user.id });
    const [mail] = await waitForMailTo(mailing.config.dataDir, input.email);
    expect(mail!.subject).toBe('Your mark.it top-up receipt');
    expect(mail!.text).toContain('Added funds with card ending 4242 (test mode)');
    expect(mail!.text).toContain('Amount: $12.50');
    expect(mail!.text).toContain(`Reference: ${row!.reference}`);
  });

  it('pays out to the account on file, records the payout reference and e-mails a receipt', async () => {
    const agent = mailing.agent();
    const input = businessInput();
    await registerAs(agent, input);
    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 60, paymentToken: await cardToken(mailing) })
      .expect(201);
    const response = await agent.post('/api/wallet/withdraw').send({ amount: 25 });
    expect(response.status).toBe(201);
    expect(response.body.transaction.description).toBe(
      'Withdrawal to account ending 6789 (test mode)',
    );
    const id = Number(String(response.body.transaction.id).slice(1));
    const [row] = await mailing.database.db
      .select({ reference: ledgerTransactions.providerReference })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, id));
    expect(row!.reference).toMatch(/^test_po_/);
    // The bank account's notice, the top-up's receipt, then the payout's.
    const mail = await waitForMailTo(mailing.config.dataDir, input.email, { count: 3 });
    const payout = mail.find((letter) => letter.subject === 'Your mark.it payout');
    expect(payout?.text).toContain('Withdrawal to account ending 6789 (test mode)');
    expect(payout?.text).toContain('Amount: $25.00');
    expect(payout?.text).toContain(`Reference: ${row!.reference}`);
  });
});

describe('ledger invariants', () => {
  it('sums to zero with no drift and no negative balance after everything above', async () => {
    expect(await checkLedger(context.database.db)).toEqual({
      entriesSum: 0,
      driftedAccounts: 0,
      negativeAccounts: 0,
    });
  });
});
