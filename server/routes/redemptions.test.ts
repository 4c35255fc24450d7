import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardActivities, giftCards, redemptionCodes } from '@shared/tables/gift-cards';
import { ledgerTransactions } from '@shared/tables/ledger';
import { users } from '@shared/tables/users';
import { queryRows } from '../db/query-rows';
import { checkLedger } from '../services/ledger/check-ledger';
import { CODE_MISSES_PER_BUSINESS } from '../services/redemptions/code-attempts';
import { pruneRedemptionCodes } from '../services/redemptions/prune-redemption-codes';
import {
  consumerWithCard,
  consumerWithPaidCard,
  createTestPin,
  fundedBusiness,
  signedInConsumer,
} from '../testing/gift-cards';
import { waitForMailTo } from '../testing/mail';
import { redemptionCodeFor, spendAtCounter } from '../testing/redemptions';
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

const healthyLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };

/** A code no card has: the right shape, from a different alphabet position than any real one. */
const FORGED = 'ZZZZ-ZZZZ';

async function cardBalance(cardId: number): Promise<number> {
  const [row] = await queryRows<{ balance_cents: string }>(
    context.database.db,
    sql`select balance_cents from ledger_accounts where gift_card_id = ${cardId}`,
  );
  return Number(row!.balance_cents) / 100;
}

async function walletBalance(agent: ReturnType<TestContext['agent']>): Promise<number> {
  return (await agent.get('/api/wallet')).body.balance as number;
}

async function movementsOf(cardId: number) {
  return context.database.db
    .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.giftCardId, cardId));
}

async function emailOf(userId: number): Promise<string> {
  const [row] = await context.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row!.email;
}

const expireCode = (code: string) =>
  context.database.db
    .update(redemptionCodes)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(redemptionCodes.code, code.replace('-', '')));

/** A business of its own that offers Starbucks (a pin of it), with a name to see in messages. */
async function starbucksBusiness(name: string) {
  const business = await fundedBusiness(context, 100, name);
  await createTestPin(business.agent, store.starbucks, { value: 5, quantity: 1 });
  return business;
}

describe('POST /api/gift-cards/:id/redemption-code', () => {
  it('answers a short code, a QR image of a link to the Redeem screen, its expiry and the card', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const before = Date.now();
    const response = await agent.post(`/api/gift-cards/${card.id}/redemption-code`);
    expect(response.status).toBe(201);
    expect(response.body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(response.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(response.body.qrCode.split(',')[1], 'base64').toString();
    expect(svg).toContain('<svg');
    const expiresIn = new Date(response.body.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(80_000);
    expect(expiresIn).toBeLessThan(100_000);
    expect(response.body.card).toMatchObject({
      id: card.id,
      brand: 'starbucks',
      balance: 10,
      promotional: true,
      status: 'active',
    });
  });

  it('makes a new code each time; the earlier ones keep working until they expire', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const first = await redemptionCodeFor(agent, card.id);
    const second = await redemptionCodeFor(agent, card.id);
    expect(second).not.toBe(first);
    for (const code of [first, second]) {
      const lookup = await business.agent.post('/api/redemptions/lookup').send({ code });
      expect(lookup.status).toBe(200);
    }
  });

  it("answers 404 for someone else's card, 409 for a spent one, 400, 401 and 403", async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const stranger = await signedInConsumer(context);
    const theirs = await stranger.agent.post(`/api/gift-cards/${card.id}/redemption-code`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Gift card not found');
    expect((await stranger.agent.post('/api/gift-cards/x/redemption-code')).status).toBe(400);
    expect((await context.agent().post(`/api/gift-cards/${card.id}/redemption-code`)).status).toBe(
      401,
    );
    expect((await business.agent.post(`/api/gift-cards/${card.id}/redemption-code`)).status).toBe(
      403,
    );

    expect((await spendAtCounter(agent, card.id, business.agent, 10)).status).toBe(201);
    const spent = await agent.post(`/api/gift-cards/${card.id}/redemption-code`);
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe('This gift card has already been used');
  });

  it('answers 410 for an expired card', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    await context.database.db
      .update(giftCards)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(giftCards.id, card.id));
    const response = await agent.post(`/api/gift-cards/${card.id}/redemption-code`);
    expect(response.status).toBe(410);
    expect(response.body.message).toBe('This gift card has expired');
  });
});

describe('the holder can no longer spend a card by themselves', () => {
  it('answers 404 for the old self-redeem and static-code routes', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const redeem = await agent.post(`/api/gift-cards/${card.id}/redeem`).send({ amount: 1 });
    expect(redeem.status).toBe(404);
    expect((await agent.get(`/api/gift-cards/${card.id}/code`)).status).toBe(404);
    expect(await cardBalance(card.id)).toBe(10);
  });
});

describe('POST /api/redemptions/lookup', () => {
  it('shows the card to the business: brand, balance, expiry, promotional, first name, stores; changes nothing', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    await context.database.db
      .update(users)
      .set({ name: 'Liam Carter' })
      .where(eq(users.id, (await agent.get('/api/user')).body.id));
    const code = await redemptionCodeFor(agent, card.id);

    const response = await business.agent
      .post('/api/redemptions/lookup')
      .send({ code: ` ${code.toLowerCase().replace('-', ' ')} ` });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      code,
      card: { brand: 'starbucks', balance: 10, promotional: true },
      holderFirstName: 'Liam',
      stores: [
        {
          id: store.starbucks,
          name: 'Boylston & Mass Ave',
          street: '1126 Boylston St',
          city: 'Boston',
          state: 'MA',
        },
      ],
    });
    expect(new Date(response.body.card.expires).getTime()).toBeGreaterThan(Date.now());
    // Nobody's private details: no e-mail, no last name.
    expect(JSON.stringify(response.body)).not.toContain('Carter');
    expect(JSON.stringify(response.body)).not.toContain('@');
    // Looking changes nothing: the code still spends the card.
    expect(await cardBalance(card.id)).toBe(10);
    expect((await business.agent.post('/api/redemptions').send({ code, amount: 1 })).status).toBe(
      201,
    );
  });

  it('reads a scanned link to the Redeem screen as its code', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const response = await business.agent
      .post('/api/redemptions/lookup')
      .send({ code: `https://markit.example.com/redeem?code=${code}` });
    expect(response.status).toBe(200);
    expect(response.body.code).toBe(code);
  });

  it('answers 404 for a forged code, 410 for an expired or used one', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const forged = await business.agent.post('/api/redemptions/lookup').send({ code: FORGED });
    expect(forged.status).toBe(404);
    expect(forged.body.message).toBe('No card has this code. Check the code and try again.');

    const expired = await redemptionCodeFor(agent, card.id);
    await expireCode(expired);
    const late = await business.agent.post('/api/redemptions/lookup').send({ code: expired });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(
      'This code has expired. Ask the customer to show the card again for a new code.',
    );

    const used = await redemptionCodeFor(agent, card.id);
    await business.agent.post('/api/redemptions').send({ code: used, amount: 1 }).expect(201);
    const again = await business.agent.post('/api/redemptions/lookup').send({ code: used });
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(
      'This code has already been used. Ask the customer to show the card again for a new code.',
    );
  });

  it('answers 410 when the card changed hands after the code was shown', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context);
    const code = await redemptionCodeFor(agent, card.id);
    await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username })
      .expect(201);
    const response = await business.agent.post('/api/redemptions/lookup').send({ code });
    expect(response.status).toBe(410);
  });

  it("refuses a business that does not offer a paid card's brand (403), until it chooses the brand in Settings", async () => {
    const { agent, card } = await consumerWithPaidCard(context);
    const donuts = await fundedBusiness(context, 100, 'Yellow Donuts');
    await createTestPin(donuts.agent, store.dunkin, { brand: 'dunkin', value: 5, quantity: 1 });
    const code = await redemptionCodeFor(agent, card.id);

    const refused = await donuts.agent.post('/api/redemptions/lookup').send({ code });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your business does not accept Starbucks gift cards. Add Starbucks to the brands you accept in Settings to redeem them.',
    );

    const settings = await donuts.agent
      .patch('/api/user/settings')
      .send({ acceptedBrands: ['starbucks'] });
    expect(settings.status).toBe(200);
    expect(settings.body.acceptedBrands).toEqual(['starbucks']);
    const accepted = await donuts.agent.post('/api/redemptions/lookup').send({ code });
    expect(accepted.status).toBe(200);
    // No pin of the brand: no store to choose.
    expect(accepted.body.stores).toEqual([]);
  });

  it('answers 429 once a business has tried too many codes that match no card', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const guesser = await starbucksBusiness('Guessing Games');
    for (let index = 0; index < CODE_MISSES_PER_BUSINESS; index++) {
      const miss = await guesser.agent
        .post('/api/redemptions/lookup')
        .send({ code: `ZZZZ${String(index).padStart(4, '0')}` });
      expect(miss.status).toBe(404);
    }
    // Even a real code is refused until the window ends, and so is spending by code.
    const code = await redemptionCodeFor(agent, card.id);
    const limited = await guesser.agent.post('/api/redemptions/lookup').send({ code });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many codes that match no card. Please wait a few minutes and try again.',
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const spend = await guesser.agent.post('/api/redemptions').send({ code, amount: 1 });
    expect(spend.status).toBe(429);
    expect(await cardBalance(card.id)).toBe(10);

    // Another business is not held back by this one's misses.
    expect((await business.agent.post('/api/redemptions/lookup').send({ code })).status).toBe(200);
  });

  it('looks up at most the allowance of 40 codes that match no card sent at once', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const guesser = await starbucksBusiness('Burst Guessing');
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        guesser.agent
          .post('/api/redemptions/lookup')
          .send({ code: `YYYY${String(index).padStart(4, '0')}` }),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(CODE_MISSES_PER_BUSINESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - CODE_MISSES_PER_BUSINESS);
    for (const refused of burst.filter((response) => response.status === 429)) {
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const code = await redemptionCodeFor(agent, card.id);
    expect((await guesser.agent.post('/api/redemptions/lookup').send({ code })).status).toBe(429);

    // A business whose codes match is not slowed: a real code, looked up again and again, never
    // fills its allowance.
    for (let index = 0; index < CODE_MISSES_PER_BUSINESS + 5; index++) {
      expect((await business.agent.post('/api/redemptions/lookup').send({ code })).status).toBe(
        200,
      );
    }
  });

  it('answers 400 for what cannot be a code, 401 without a session and 403 for a consumer', async () => {
    const business = await starbucksBusiness('Bad Input Bakery');
    for (const body of [{}, { code: '' }, { code: 'ABC' }, { code: 'ABCD-EFGU' }, { code: 7 }]) {
      const response = await business.agent.post('/api/redemptions/lookup').send(body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'Enter the 8-character code shown on the card, e.g. K3QF-8ZT2',
      );
    }
    const consumer = await signedInConsumer(context);
    expect(
      (await consumer.agent.post('/api/redemptions/lookup').send({ code: FORGED })).status,
    ).toBe(403);
    expect(
      (await context.agent().post('/api/redemptions/lookup').send({ code: FORGED })).status,
    ).toBe(401);
  });
});

describe('POST /api/redemptions', () => {
  it('moves the amount from the card to the business, uses up the code and records the spend', async () => {
    const { agent, card, user, business } = await consumerWithCard(context, store.starbucks);
    const businessBefore = await walletBalance(business.agent);
    const code = await redemptionCodeFor(agent, card.id);

    const response = await business.agent
      .post('/api/redemptions')
      .send({ code, amount: 4.25, storeId: store.starbucks });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      amount: 4.25,
      balance: 5.75,
      brand: 'starbucks',
      promotional: true,
      holderFirstName: 'Casey',
      store: { id: store.starbucks, name: 'Boylston & Mass Ave' },
    });

    expect(await cardBalance(card.id)).toBe(5.75);
    expect(await walletBalance(business.agent)).toBe(businessBefore + 4.25);
    const wallet = await agent.get('/api/gift-cards/consumer/wallet');
    expect(wallet.body[0]).toMatchObject({ id: card.id, balance: 5.75, status: 'active' });

    // The card's history has the spend, where and by whom, tied to its ledger movement.
    const history = await context.database.db
      .select()
      .from(giftCardActivities)
      .where(eq(giftCardActivities.giftCardId, card.id));
    const spend = history.find((row) => row.kind === 'spent');
    expect(spend).toMatchObject({
      amountCents: 425,
      balanceAfterCents: 575,
      actorId: business.user.id,
      actorName: 'Bean Street Coffee',
      businessId: business.user.id,
      storeId: store.starbucks,
      ledgerTransactionId: response.body.id,
    });
    const [movement] = await context.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, response.body.id));
    expect(movement).toMatchObject({ kind: 'redeem', userId: business.user.id, amountCents: 425 });

    // The code works once.
    const again = await business.agent.post('/api/redemptions').send({ code, amount: 1 });
    expect(again.status).toBe(410);
    expect(await cardBalance(card.id)).toBe(5.75);

    // The holder is told at once, and gets a receipt by e-mail.
    const notices = await agent.get('/api/consumer/notifications');
    expect(notices.body[0]).toMatchObject({
      type: 'gift_redeemed',
      message: 'You spent $4.25 of your Starbucks gift card at Bean Street Coffee. $5.75 left.',
      referenceType: 'gift_card',
      referenceId: card.id,
    });
    const [receipt] = await waitForMailTo(context.config.dataDir, await emailOf(user.id));
    expect(receipt!.subject).toBe('You used your gift card');
    expect(receipt!.text).toContain('$4.25');
    expect(receipt!.text).toContain('Bean Street Coffee, Boylston & Mass Ave');
    expect(receipt!.text).toContain('$5.75');
    expect(receipt!.text).toContain('Promotional');
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });

  it('tells the business whose pin issued the card when its card is spent at its counter', async () => {
    const { agent, card, business: issuer } = await consumerWithCard(context, store.starbucks);
    const before = await walletBalance(issuer.agent);
    const response = await spendAtCounter(agent, card.id, issuer.agent, 3);
    expect(response.status).toBe(201);
    const notices = await issuer.agent.get('/api/business/notifications');
    const redeemed = (notices.body as Array<{ type: string; message: string }>).filter(
      (notice) => notice.type === 'gift_redeemed',
    );
    expect(redeemed).toEqual([
      expect.objectContaining({
        message: 'Casey Consumer used $3.00 of a Starbucks gift card from your pin',
        amount: 3,
      }),
    ]);
    expect(await walletBalance(issuer.agent)).toBe(before + 3);
  });

  it('spends the whole balance: the card becomes redeemed and leaves the wallet', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const response = await spendAtCounter(agent, card.id, business.agent, 10);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ amount: 10, balance: 0 });
    const [row] = await context.database.db
      .select({ status: giftCards.status })
      .from(giftCards)
      .where(eq(giftCards.id, card.id));
    expect(row!.status).toBe('redeemed');
    expect((await agent.get('/api/gift-cards/consumer/wallet')).body).toEqual([]);
  });

  it('moves nothing for an expired code (410), a forged one (404) or a used one (410)', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const before = await walletBalance(business.agent);

    const expired = await redemptionCodeFor(agent, card.id);
    await expireCode(expired);
    const late = await business.agent.post('/api/redemptions').send({ code: expired, amount: 2 });
    expect(late.status).toBe(410);

    const forged = await business.agent.post('/api/redemptions').send({ code: FORGED, amount: 2 });
    expect(forged.status).toBe(404);

    expect(await cardBalance(card.id)).toBe(10);
    expect(await walletBalance(business.agent)).toBe(before);
    expect(await movementsOf(card.id)).toEqual([expect.objectContaining({ kind: 'claim' })]);
  });

  it('refuses more than the balance (409) and leaves the code usable', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const over = await business.agent.post('/api/redemptions').send({ code, amount: 10.01 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: "The amount is more than the card's balance",
      errors: { amount: "The amount is more than the card's balance" },
    });
    expect(await cardBalance(card.id)).toBe(10);
    expect((await business.agent.post('/api/redemptions').send({ code, amount: 10 })).status).toBe(
      201,
    );
  });

  it('refuses a business of another brand (403) and moves nothing', async () => {
    const { agent, card } = await consumerWithPaidCard(context);
    const donuts = await fundedBusiness(context, 100, 'Donut Den');
    await createTestPin(donuts.agent, store.dunkin, { brand: 'dunkin', value: 5, quantity: 1 });
    const before = await walletBalance(donuts.agent);
    const response = await spendAtCounter(agent, card.id, donuts.agent, 5);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      'Your business does not accept Starbucks gift cards. Add Starbucks to the brands you accept in Settings to redeem them.',
    );
    expect(await cardBalance(card.id)).toBe(10);
    expect(await walletBalance(donuts.agent)).toBe(before);
  });

  it("refuses a store that is not one of the business's stores of the brand (400)", async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const response = await spendAtCounter(agent, card.id, business.agent, 1, {
      storeId: store.dunkin,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ storeId: 'Choose one of your stores of this brand' });
    expect(await cardBalance(card.id)).toBe(10);
  });

  it('two businesses taking the same card at once never take more than it holds', async () => {
    const { agent, card } = await consumerWithPaidCard(context);
    const first = await starbucksBusiness('First Counter');
    const second = await starbucksBusiness('Second Counter');
    const codes = [
      await redemptionCodeFor(agent, card.id),
      await redemptionCodeFor(agent, card.id),
    ];
    const responses = await Promise.all([
      first.agent.post('/api/redemptions').send({ code: codes[0], amount: 6 }),
      second.agent.post('/api/redemptions').send({ code: codes[1], amount: 6 }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(await cardBalance(card.id)).toBe(4);

    // One code shown to both at once: it is spent once.
    const shared = await redemptionCodeFor(agent, card.id);
    const both = await Promise.all([
      first.agent.post('/api/redemptions').send({ code: shared, amount: 1 }),
      second.agent.post('/api/redemptions').send({ code: shared, amount: 1 }),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 410]);
    expect(await cardBalance(card.id)).toBe(3);
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });

  it('answers a retry with the same Idempotency-Key with the first result, once', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const send = (amount: number, key = `counter-${card.id}`) =>
      business.agent.post('/api/redemptions').set('Idempotency-Key', key).send({ code, amount });

    const first = await send(2.5);
    expect(first.status).toBe(201);
    const retry = await send(2.5);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const atOnce = await Promise.all([send(2.5), send(2.5)]);
    expect(atOnce.map((response) => response.status)).toEqual([200, 200]);
    expect(await cardBalance(card.id)).toBe(7.5);
    expect(await movementsOf(card.id)).toHaveLength(2);

    // The key names that spend: another amount with it is refused, and nothing moves.
    const other = await send(1);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
    expect(await cardBalance(card.id)).toBe(7.5);
    expect(await movementsOf(card.id)).toHaveLength(2);
    expect((await send(1, 'x'.repeat(300))).status).toBe(400);
  });

  it('two first tries with one Idempotency-Key at once spend once', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const responses = await Promise.all(
      [1, 2].map(() =>
        business.agent
          .post('/api/redemptions')
          .set('Idempotency-Key', `twice-${card.id}`)
          .send({ code, amount: 3 }),
      ),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(responses[0]!.body).toEqual(responses[1]!.body);
    expect(await cardBalance(card.id)).toBe(7);
  });

  it('answers 400 for bad input, 401 without a session and 403 for a consumer', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const cases: Array<[unknown, string]> = [
      [{ code }, 'Amount must be a number'],
      [{ code, amount: 0 }, 'Amount must be more than $0'],
      [{ code, amount: 1.234 }, 'Amount can have at most two decimals'],
      [{ code, amount: 500.01 }, 'Amount must be at most $500'],
      [{ code, amount: '5' }, 'Amount must be a number'],
      [{ code: 'nope', amount: 5 }, 'Enter the 8-character code shown on the card, e.g. K3QF-8ZT2'],
      [{ code, amount: 5, storeId: 'one' }, 'Choose one of your stores of this brand'],
    ];
    for (const [body, message] of cases) {
      const response = await business.agent.post('/api/redemptions').send(body as object);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect(await cardBalance(card.id)).toBe(10);
    expect((await agent.post('/api/redemptions').send({ code, amount: 1 })).status).toBe(403);
    expect((await context.agent().post('/api/redemptions').send({ code, amount: 1 })).status).toBe(
      401,
    );
    expect(await cardBalance(card.id)).toBe(10);
  });
});

describe('promotional value is spent only where the business that funded it is', () => {
  /** A business made a moment ago that says it accepts Starbucks, and has no pin of it. */
  async function newBusinessAcceptingStarbucks(name: string) {
    const business = await fundedBusiness(context, 0, name);
    await business.agent
      .patch('/api/user/settings')
      .send({ acceptedBrands: ['starbucks'] })
      .expect(200);
    return business;
  }

  async function ledgerTransactionCount(): Promise<number> {
    const [row] = await queryRows<{ n: string }>(
      context.database.db,
      sql`select count(*) as n from ledger_transactions`,
    );
    return Number(row!.n);
  }

  it("refuses another business's promotional card at a new business that accepts the brand, at lookup and at spend, and moves nothing", async () => {
    // A throwaway consumer claims the Starbucks pin of Bean Street Coffee ...
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    // ... and a brand-new business that only declared it accepts Starbucks tries to take it.
    const taker = await newBusinessAcceptingStarbucks('Fresh Start Cafe');
    const message =
      'This card is a promotion from Bean Street Coffee and can be used only at Bean Street Coffee.';
    const code = await redemptionCodeFor(agent, card.id);
    const transactionsBefore = await ledgerTransactionCount();

    const lookup = await taker.agent.post('/api/redemptions/lookup').send({ code });
    expect(lookup.status).toBe(403);
    expect(lookup.body.message).toBe(message);

    const spend = await taker.agent.post('/api/redemptions').send({ code, amount: 10 });
    expect(spend.status).toBe(403);
    expect(spend.body.message).toBe(message);
    // Many at once: every one refused.
    const atOnce = await Promise.all(
      Array.from({ length: 5 }, () =>
        taker.agent.post('/api/redemptions').send({ code, amount: 2 }),
      ),
    );
    expect(atOnce.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);

    expect(await cardBalance(card.id)).toBe(10);
    expect(await walletBalance(taker.agent)).toBe(0);
    expect(await ledgerTransactionCount()).toBe(transactionsBefore);
    expect(await movementsOf(card.id)).toEqual([expect.objectContaining({ kind: 'claim' })]);
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });

  it('refuses it at an older business that offers the brand through pins of its own too', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const other = await starbucksBusiness('Corner Cafe');
    const response = await spendAtCounter(agent, card.id, other.agent, 3);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(
      'This card is a promotion from Bean Street Coffee and can be used only at Bean Street Coffee.',
    );
    expect(await cardBalance(card.id)).toBe(10);
  });

  it("takes it at the issuing business's counter, also after the card was given to a friend", async () => {
    const { agent, card, business: issuer } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context);
    await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username })
      .expect(201);
    const code = await redemptionCodeFor(friend.agent, card.id);
    const lookup = await issuer.agent.post('/api/redemptions/lookup').send({ code });
    expect(lookup.status).toBe(200);
    expect(lookup.body.card).toMatchObject({ promotional: true, balance: 10 });
    const spend = await issuer.agent.post('/api/redemptions').send({ code, amount: 4 });
    expect(spend.status).toBe(201);
    expect(spend.body).toMatchObject({ amount: 4, balance: 6, promotional: true });
    expect(await cardBalance(card.id)).toBe(6);
  });

  it('takes a card bought with money at any business that accepts its brand', async () => {
    const { agent, card } = await consumerWithPaidCard(context);
    const taker = await newBusinessAcceptingStarbucks('Paid Is Paid Cafe');
    const code = await redemptionCodeFor(agent, card.id);
    const lookup = await taker.agent.post('/api/redemptions/lookup').send({ code });
    expect(lookup.status).toBe(200);
    expect(lookup.body.card).toMatchObject({ promotional: false, balance: 10 });
    const spend = await taker.agent.post('/api/redemptions').send({ code, amount: 10 });
    expect(spend.status).toBe(201);
    expect(spend.body).toMatchObject({ amount: 10, balance: 0, promotional: false });
    expect(await walletBalance(taker.agent)).toBe(10);
    expect(await cardBalance(card.id)).toBe(0);
  });
});

describe('pruning counter codes', () => {
  it('drops codes a day past their expiry, and keeps the live ones', async () => {
    const { agent, card, business } = await consumerWithCard(context, store.starbucks);
    const old = await redemptionCodeFor(agent, card.id);
    const live = await redemptionCodeFor(agent, card.id);
    await context.database.db
      .update(redemptionCodes)
      .set({ expiresAt: sql`now() - interval '25 hours'` })
      .where(eq(redemptionCodes.code, old.replace('-', '')));
    await pruneRedemptionCodes(context.database.db);
    expect((await business.agent.post('/api/redemptions/lookup').send({ code: old })).status).toBe(
      404,
    );
    expect((await business.agent.post('/api/redemptions/lookup').send({ code: live })).status).toBe(
      200,
    );
  });
});
