import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards } from '@shared/tables/gift-cards';
import { pins } from '@shared/tables/pins';
import { checkLedger } from '../services/ledger/check-ledger';
import {
  consumerWithCard,
  consumerWithPaidCard,
  createTestPin,
  fundedBusiness,
  manyConsumers,
  signedInConsumer,
} from '../testing/gift-cards';
import { totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { redemptionCodeFor } from '../testing/redemptions';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

// Money under concurrency, on the real Postgres (`npm run test:stress`).
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}

let context: TestContext;
let store: { starbucks: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

/**
 * The ledger read in one snapshot (one REPEATABLE READ transaction): its sum, drifted and negative
 * accounts, and whether what cards, businesses and pin reserves hold equals the payments taken.
 */
async function readMoneySnapshot() {
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<Record<string, string>>(`
      select
        (select coalesce(sum(amount_cents), 0) from ledger_entries) as "entriesSum",
        (select count(*) from ledger_accounts
          where kind <> 'system' and balance_cents < 0) as "negativeAccounts",
        (select count(*) from ledger_accounts a
          where a.kind <> 'system' and a.balance_cents <> coalesce(
            (select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0)
        ) as "driftedAccounts",
        (select coalesce(sum(balance_cents), 0) from ledger_accounts
          where kind <> 'system') as "heldCents",
        (select -coalesce(sum(e.amount_cents), 0) from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          where a.system_code = 'payment_clearing') as "paidInCents"`);
    await client.query('commit');
    const row = rows[0]!;
    return {
      entriesSum: Number(row.entriesSum),
      negativeAccounts: Number(row.negativeAccounts),
      driftedAccounts: Number(row.driftedAccounts),
      heldCents: Number(row.heldCents),
      paidInCents: Number(row.paidInCents),
    };
  } finally {
    await client.end();
  }
}

const ledgerIsBalanced = async () =>
  expect(await checkLedger(context.database.db)).toEqual({
    entriesSum: 0,
    driftedAccounts: 0,
    negativeAccounts: 0,
  });

describe('money under concurrency', () => {
  it('500 consumers claiming a pin of 50 at once: 50 cards, 450 refusals, no errors', async () => {
    const business = await fundedBusiness(context, 1000);
    const pinId = await createTestPin(business.agent, store.starbucks, { quantity: 50, value: 5 });
    const consumers = await manyConsumers(context, 500);

    const responses = await Promise.all(
      consumers.map((agent) => agent.post(`/api/pins/${pinId}/claim`)),
    );
    const statuses = responses.map((response) => response.status);
    // Any answer that is neither a card nor a refusal is named, with its message.
    const others = responses
      .filter((response) => response.status !== 201 && response.status !== 409)
      .map((response) => `${response.status} ${JSON.stringify(response.body)}`);
    expect(others).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(450);
    expect(new Set(responses.filter((r) => r.status === 409).map((r) => r.body.message))).toEqual(
      new Set(['This pin is sold out']),
    );

    const [pin] = await context.database.db.select().from(pins).where(eq(pins.id, pinId));
    expect(pin).toMatchObject({ remaining: 0, status: 'exhausted' });
    const cards = await context.database.db
      .select({ id: giftCards.id, claimedBy: giftCards.claimedBy })
      .from(giftCards)
      .where(eq(giftCards.pinId, pinId));
    expect(cards).toHaveLength(50);
    expect(new Set(cards.map((card) => card.claimedBy)).size).toBe(50);
    await ledgerIsBalanced();
  }, 120_000);

  it('eight counters spending 10 cards at once while 60 consumers claim: no card overdrawn, the ledger whole in every snapshot', async () => {
    const issuer = await fundedBusiness(context, 1000);
    // Cards bought with money: any business that accepts Starbucks takes them (a promotional card
    // only its issuer does).
    const holders: Array<ReturnType<TestContext['agent']>> = [];
    const cards: number[] = [];
    for (let index = 0; index < 10; index++) {
      const holder = await consumerWithPaidCard(context);
      holders.push(holder.agent);
      cards.push(holder.card.id);
    }
    // Eight counters (each offers Starbucks through a pin of its own) and a pin still on offer.
    const counters = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const counter = await fundedBusiness(context, 100);
        await createTestPin(counter.agent, store.starbucks, { quantity: 1, value: 5 });
        return counter;
      }),
    );
    const openPin = await createTestPin(issuer.agent, store.starbucks, { quantity: 30, value: 5 });
    const claimers = await manyConsumers(context, 60);
    // Each holder shows a code to each counter (codes last a minute and a half).
    const codes = await Promise.all(
      holders.map((holder, index) =>
        Promise.all(counters.map(() => redemptionCodeFor(holder, cards[index]!))),
      ),
    );

    let running = true;
    const snapshots: Array<Awaited<ReturnType<typeof readMoneySnapshot>>> = [];
    const checking = (async () => {
      while (running) snapshots.push(await readMoneySnapshot());
    })();
    // Every counter asks for $3 of every card, all at once, while the claims come in.
    const [spends, claims] = await Promise.all([
      Promise.all(
        cards.flatMap((cardId, cardIndex) =>
          counters.map((counter, counterIndex) =>
            counter.agent
              .post('/api/redemptions')
              .send({ code: codes[cardIndex]![counterIndex], amount: 3 })
              .then((response) => ({ cardId, status: response.status })),
          ),
        ),
      ),
      Promise.all(claimers.map((claimer) => claimer.post(`/api/pins/${openPin}/claim`))),
    ]);
    running = false;
    await checking;

    // $10 holds three $3 spends; the fourth would overdraw it.
    const others = spends.filter((spend) => ![201, 409].includes(spend.status));
    expect(others).toEqual([]);
    for (const cardId of cards) {
      const taken = spends.filter((spend) => spend.cardId === cardId && spend.status === 201);
      expect(taken).toHaveLength(3);
    }
    expect(claims.filter((claim) => claim.status === 201)).toHaveLength(30);
    expect(claims.filter((claim) => claim.status === 409)).toHaveLength(30);

    expect(snapshots.length).toBeGreaterThan(0);
    const broken = snapshots.filter(
      (snapshot) =>
        snapshot.entriesSum !== 0 ||
        snapshot.negativeAccounts !== 0 ||
        snapshot.driftedAccounts !== 0 ||
        snapshot.heldCents !== snapshot.paidInCents,
    );
    expect(broken).toEqual([]);
    await ledgerIsBalanced();
  }, 120_000);

  it('one Idempotency-Key sent 20 times at once takes effect once', async () => {
    const times = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, make));

    // A spend at the counter: one code, one key, twenty tries.
    const { agent, card, business: counter } = await consumerWithCard(context, store.starbucks);
    const code = await redemptionCodeFor(agent, card.id);
    const redeemed = await times(() =>
      counter.agent
        .post('/api/redemptions')
        .set('Idempotency-Key', `stress-redeem-${card.id}`)
        .send({ code, amount: 3 }),
    );
    expect(redeemed.map((response) => response.status).sort()).toEqual([
      ...Array(19).fill(200),
      201,
    ]);
    expect(new Set(redeemed.map((response) => response.body.id)).size).toBe(1);
    const codes = await agent.get('/api/gift-cards/consumer/wallet');
    const held = (codes.body as Array<{ id: number; balance: number }>).find(
      (item) => item.id === card.id,
    );
    expect(held?.balance).toBe(card.value - 3);

    // A payment into a business wallet.
    const business = await fundedBusiness(context, 0);
    const topUpToken = await cardToken(context);
    const funded = await times(() =>
      business.agent
        .post('/api/wallet/add-funds')
        .set('Idempotency-Key', 'stress-top-up')
        .send({ amount: 25, paymentToken: topUpToken }),
    );
    expect(funded.every((response) => [200, 201].includes(response.status))).toBe(true);
    expect(new Set(funded.map((response) => response.body.transaction.id)).size).toBe(1);
    expect((await business.agent.get('/api/wallet')).body.balance).toBe(25);

    // A guest's gift, paid with one card token.
    const recipient = await signedInConsumer(context);
    const token = await cardToken(context);
    const gifts = await times(() =>
      context
        .agent()
        .post('/api/gift-cards/guest')
        .set('Idempotency-Key', `stress-guest-${recipient.user.id}`)
        .send({
          recipientUsername: recipient.user.username,
          brand: 'starbucks',
          value: 10,
          senderEmail: 'guest@example.com',
          paymentToken: token,
        }),
    );
    expect(gifts.every((response) => [200, 201].includes(response.status))).toBe(true);
    expect(new Set(gifts.map((response) => response.body.id)).size).toBe(1);
    expect(totalCount(await recipient.agent.get('/api/gift-cards/consumer/wallet'))).toBe(1);
    await ledgerIsBalanced();
  }, 60_000);
});
