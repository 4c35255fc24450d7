import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { payoutAccounts, testPaymentTokens } from '@shared/tables/payments';
import { queryRows } from '../db/query-rows';
import {
  TEST_ACCOUNT_NUMBER,
  TEST_CARD_DECLINED,
  TEST_ROUTING_NUMBER,
} from '../services/payments/payment-provider';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { waitForMailTo } from '../testing/mail';
import { cardToken } from '../testing/payments';
import { forgetUsedCode, testBankAccount } from '../testing/payout-accounts';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor, totpCode } from '../testing/two-factor';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

type Agent = ReturnType<TestContext['agent']>;

async function consumer() {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput());
  return { agent, user };
}

/** A business with two-factor on; answers its secret and e-mail too. */
async function business() {
  const agent = context.agent();
  const input = businessInput();
  const user = await registerAs(agent, input);
  const { secret, code } = await enableTwoFactorFor(agent);
  return { agent, user, secret, email: input.email, enabledWith: code };
}

const save = async (agent: Agent, body: Record<string, unknown>) =>
  agent.post('/api/payments/cards').send(body);

/** A code the server has not seen yet: the one accepted last is forgotten first. */
async function freshCode(userId: number, secret: string) {
  await forgetUsedCode(context.database.db, userId);
  return totpCode(secret);
}

describe('saved cards', () => {
  it('starts empty, saves a card from a token as the default, and never answers the token', async () => {
    const { agent } = await consumer();
    expect((await agent.get('/api/payments/cards')).body).toEqual([]);
    const token = await cardToken(context);
    const saved = await save(agent, { paymentToken: token });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      isDefault: true,
    });
    const listed = await agent.get('/api/payments/cards');
    expect(listed.body).toEqual([saved.body]);
    for (const text of [saved.text, listed.text]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain('4242424242424242');
    }
  });

  it('answers the same card for a token saved already, and can make a new card the default', async () => {
    const { agent } = await consumer();
    const token = await cardToken(context);
    const first = await save(agent, { paymentToken: token });
    const again = await save(agent, { paymentToken: token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const second = await save(agent, {
      paymentToken: await cardToken(context, '5555555555554444'),
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const third = await save(agent, {
      paymentToken: await cardToken(context, TEST_CARD_DECLINED),
      makeDefault: true,
    });
    expect(third.body).toMatchObject({ last4: '0002', isDefault: true });
    const listed = (await agent.get('/api/payments/cards')).body as Array<{
      last4: string;
      isDefault: boolean;
    }>;
    // The default first, then the newest.
    expect(listed.map((card) => [card.last4, card.isDefault])).toEqual([
      ['0002', true],
      ['4444', false],
      ['4242', false],
    ]);
  });

  it.each([
    [{}, 'This card could not be used. Please enter it again.'],
    [{ paymentToken: '' }, 'This card could not be used. Please enter it again.'],
    [
      { paymentToken: 'tok_test_nobody_made_this' },
      'This card could not be used. Please enter it again.',
    ],
    [{ paymentToken: 'x'.repeat(101) }, 'This card could not be used. Please enter it again.'],
    [{ paymentToken: 'tok', makeDefault: 'yes' }, 'makeDefault must be true or false'],
  ])('refuses %j with 400 "%s" and saves nothing', async (body, message) => {
    const { agent } = await consumer();
    const response = await save(agent, body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await agent.get('/api/payments/cards')).body).toEqual([]);
  });

  it('refuses an expired card', async () => {
    const { agent } = await consumer();
    await context.database.db.insert(testPaymentTokens).values({
      token: 'tok_test_expired_card',
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2020,
    });
    const response = await save(agent, { paymentToken: 'tok_test_expired_card' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('This card has expired');
  });

  it('keeps at most ten cards', async () => {
    const { agent } = await consumer();
    for (let index = 0; index < 10; index++) {
      expect((await save(agent, { paymentToken: await cardToken(context) })).status).toBe(201);
    }
    const eleventh = await save(agent, { paymentToken: await cardToken(context) });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('You can save up to 10 cards. Remove one to add another.');
    expect((await agent.get('/api/payments/cards')).body).toHaveLength(10);
  });

  it('limits how many cards one account saves in an hour', async () => {
    const { agent } = await consumer();
    const token = await cardToken(context);
    for (let index = 0; index < context.config.rateLimits.cardSavesPerHour; index++) {
      expect((await save(agent, { paymentToken: token })).status).toBeLessThan(300);
    }
    const limited = await save(agent, { paymentToken: await cardToken(context) });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many cards saved. Please try again later.');
    expect((await agent.get('/api/payments/cards')).body).toHaveLength(1);
  });

  it('lets a business save cards too', async () => {
    const { agent } = await business();
    const saved = await save(agent, { paymentToken: await cardToken(context) });
    expect(saved.status).toBe(201);
    expect(saved.body.isDefault).toBe(true);
  });

  it('makes a card the default, and refuses someone else’s card with 404', async () => {
    const { agent } = await consumer();
    const first = (await save(agent, { paymentToken: await cardToken(context) })).body;
    const second = (await save(agent, { paymentToken: await cardToken(context) })).body;
    const made = await agent.post(`/api/payments/cards/${second.id}/default`);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ ...second, isDefault: true });
    const listed = (await agent.get('/api/payments/cards')).body as Array<{
      id: number;
      isDefault: boolean;
    }>;
    expect(listed.map((card) => [card.id, card.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const other = await consumer();
    const theirs = await other.agent.post(`/api/payments/cards/${first.id}/default`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Saved card not found');
    expect((await other.agent.delete(`/api/payments/cards/${first.id}`)).status).toBe(404);
    expect((await agent.get('/api/payments/cards')).body).toHaveLength(2);

    const bad = await agent.post('/api/payments/cards/abc/default');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Saved card not found');
  });

  it('removes a card; the newest remaining becomes the default', async () => {
    const { agent } = await consumer();
    const oldest = (await save(agent, { paymentToken: await cardToken(context) })).body;
    const middle = (await save(agent, { paymentToken: await cardToken(context) })).body;
    const newest = (await save(agent, { paymentToken: await cardToken(context) })).body;
    expect(oldest.isDefault).toBe(true);

    expect((await agent.delete(`/api/payments/cards/${oldest.id}`)).status).toBe(204);
    let listed = (await agent.get('/api/payments/cards')).body as Array<{
      id: number;
      isDefault: boolean;
    }>;
    expect(listed.map((card) => [card.id, card.isDefault])).toEqual([
      [newest.id, true],
      [middle.id, false],
    ]);
    // A card that is not the default goes without moving the default.
    expect((await agent.delete(`/api/payments/cards/${middle.id}`)).status).toBe(204);
    listed = (await agent.get('/api/payments/cards')).body;
    expect(listed.map((card) => [card.id, card.isDefault])).toEqual([[newest.id, true]]);
    expect((await agent.delete(`/api/payments/cards/${middle.id}`)).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const anonymous = request(context.app);
    expect((await anonymous.get('/api/payments/cards')).status).toBe(401);
    expect((await anonymous.post('/api/payments/cards').send({ paymentToken: 't' })).status).toBe(
      401,
    );
    expect((await anonymous.post('/api/payments/cards/1/default')).status).toBe(401);
    expect((await anonymous.delete('/api/payments/cards/1')).status).toBe(401);
  });

  it('keeps no card number anywhere: only the token, brand, last four and expiry', async () => {
    const rows = await queryRows<{ row: string }>(
      context.database.db,
      sql`select to_jsonb(payment_methods)::text as row from payment_methods`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows) {
      for (const number of ['4242424242424242', '5555555555554444', TEST_CARD_DECLINED]) {
        expect(row).not.toContain(number);
      }
    }
  });
});

describe('the payout bank account', () => {
  it('is null until one is added, and only for businesses', async () => {
    const { agent } = await business();
    const none = await agent.get('/api/payments/payout-account');
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();

    const shopper = await consumer();
    const refused = await shopper.agent.get('/api/payments/payout-account');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only business accounts can do this');
    const put = await shopper.agent
      .put('/api/payments/payout-account')
      .send({ ...testBankAccount, code: '123456' });
    expect(put.status).toBe(403);
    expect((await request(context.app).get('/api/payments/payout-account')).status).toBe(401);
    expect(
      (
        await request(context.app)
          .put('/api/payments/payout-account')
          .send({ ...testBankAccount, code: '123456' })
      ).status,
    ).toBe(401);
    expect(
      (await request(context.app).delete('/api/payments/payout-account').send({ code: '123456' }))
        .status,
    ).toBe(401);
  });

  it('needs two-factor on', async () => {
    const agent = context.agent();
    const user = await registerAs(agent, businessInput());
    const response = await agent
      .put('/api/payments/payout-account')
      .send({ ...testBankAccount, code: '123456' });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      message: 'Turn on two-factor authentication in Settings before changing where payouts go.',
      code: 'TWO_FACTOR_REQUIRED',
    });
    const removal = await agent.delete('/api/payments/payout-account').send({ code: '123456' });
    expect(removal.status).toBe(403);
    const rows = await context.database.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('saves the account with a current code, keeps only the last four and e-mails a notice', async () => {
    const { agent, user, secret, email } = await business();
    const response = await agent
      .put('/api/payments/payout-account')
      .send({ ...testBankAccount, code: await freshCode(user.id, secret) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      holderName: 'Bean Street Coffee LLC',
      accountLast4: '6789',
      routingLast4: '0000',
      updatedAt: expect.any(String),
    });
    expect((await agent.get('/api/payments/payout-account')).body).toEqual(response.body);
    // The full numbers are in no answer and in no row.
    const rows = await queryRows<{ row: string }>(
      context.database.db,
      sql`select to_jsonb(payout_accounts)::text as row from payout_accounts
          where user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(1);
    for (const text of [response.text, rows[0]!.row]) {
      expect(text).not.toContain(TEST_ACCOUNT_NUMBER);
      expect(text).not.toContain(TEST_ROUTING_NUMBER);
    }
    const [mail] = await waitForMailTo(context.config.dataDir, email);
    expect(mail!.subject).toBe('Your mark.it payout details were changed');
    expect(mail!.text).toContain(
      'Withdrawals from your mark.it account now go to the bank account ending 6789.',
    );
    expect(mail!.text).toContain('/wallet/payment-settings');
    expect(mail!.text).not.toContain(TEST_ACCOUNT_NUMBER);
  });

  it('refuses a wrong or reused code, and numbers of the wrong shape, saving nothing', async () => {
    const { agent, user, secret, enabledWith } = await business();
    const wrong = await agent.put('/api/payments/payout-account').send({
      ...testBankAccount,
      code: (await totpCode(secret)) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: TWO_FACTOR_MESSAGES.invalidCode,
      errors: { code: TWO_FACTOR_MESSAGES.invalidCode },
    });
    // The code that turned two-factor on cannot be used again (the code of the moment, asked for
    // again, may be a new one when the 30 seconds rolled over in between).
    const reused = await agent
      .put('/api/payments/payout-account')
      .send({ ...testBankAccount, code: enabledWith });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);

    const cases: Array<[Record<string, unknown>, string]> = [
      [{ routingNumber: '123456789' }, 'Enter a valid 9-digit routing number'],
      [{ routingNumber: '11000000' }, 'Enter a valid 9-digit routing number'],
      [{ accountNumber: '123' }, 'Enter an account number of 4 to 17 digits'],
      [{ accountNumber: '12345678901234567890' }, 'Enter an account number of 4 to 17 digits'],
      [{ accountNumber: '1234abcd' }, 'Enter an account number of 4 to 17 digits'],
      [{ holderName: '   ' }, 'Enter the name on the bank account'],
      [{ code: '12345' }, TWO_FACTOR_MESSAGES.codeFormat],
      [{ code: undefined }, TWO_FACTOR_MESSAGES.codeFormat],
    ];
    for (const [change, message] of cases) {
      const response = await agent
        .put('/api/payments/payout-account')
        .send({ ...testBankAccount, code: await freshCode(user.id, secret), ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await agent.get('/api/payments/payout-account')).body).toBeNull();
  });

  it('replaces the account, and removes it with a code (withdrawals then wait)', async () => {
    const { agent, user, secret, email } = await business();
    await agent
      .put('/api/payments/payout-account')
      .send({ ...testBankAccount, code: await freshCode(user.id, secret) })
      .expect(200);
    const replaced = await agent.put('/api/payments/payout-account').send({
      holderName: 'Bean Street Savings',
      routingNumber: '021-000-021',
      accountNumber: '9876 5432 1000',
      code: await freshCode(user.id, secret),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      holderName: 'Bean Street Savings',
      accountLast4: '1000',
      routingLast4: '0021',
    });

    const missingCode = await agent.delete('/api/payments/payout-account').send({});
    expect(missingCode.status).toBe(400);
    const wrong = await agent
      .delete('/api/payments/payout-account')
      .send({ code: (await totpCode(secret)) === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await agent.get('/api/payments/payout-account')).body).not.toBeNull();

    const removed = await agent
      .delete('/api/payments/payout-account')
      .send({ code: await freshCode(user.id, secret) });
    expect(removed.status).toBe(204);
    expect((await agent.get('/api/payments/payout-account')).body).toBeNull();
    const again = await agent
      .delete('/api/payments/payout-account')
      .send({ code: await freshCode(user.id, secret) });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('There is no bank account on file');

    const mail = await waitForMailTo(context.config.dataDir, email, { count: 3 });
    expect(mail.map((letter) => letter.subject)).toEqual(
      Array(3).fill('Your mark.it payout details were changed'),
    );
    expect(
      mail.some((letter) => letter.text.includes('bank account ending 1000 was removed')),
    ).toBe(true);

    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 20, paymentToken: await cardToken(context) })
      .expect(201);
    const withdraw = await agent.post('/api/wallet/withdraw').send({ amount: 5 });
    expect(withdraw.status).toBe(409);
    expect(withdraw.body.message).toBe(
      'Add a bank account in Payment Settings before withdrawing.',
    );
  });
});
