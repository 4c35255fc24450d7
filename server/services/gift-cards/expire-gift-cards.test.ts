import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_CARD_EXPIRY_YEARS } from '@shared/constants';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import {
  cardBalanceCents,
  expireCardNow,
  fundsCents,
  insertPaidCard,
} from '../../testing/card-history';
import {
  consumerWithCard,
  createTestPin,
  fundedBusiness,
  signedInConsumer,
} from '../../testing/gift-cards';
import { spendAtCounter } from '../../testing/redemptions';
import { insertTestStores } from '../../testing/stores';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { checkLedger } from '../ledger/check-ledger';
import { expireGiftCards } from './expire-gift-cards';
import { recordCardActivity } from './record-card-activity';
import {
  type CardExpiringLetter,
  findExpiringCard,
  remindExpiringCards,
} from './remind-expiring-cards';

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

/** A business that takes Starbucks cards (its own pin of the brand says so). */
async function counterBusiness() {
  const business = await fundedBusiness(context, 100, 'Corner Counter');
  await createTestPin(business.agent, store.starbucks, { value: 5, quantity: 1 });
  return business;
}

/** A migration's SQL, by the name after its number. */
async function readMigration(name: string): Promise<string> {
  const file = (await fs.readdir(MIGRATIONS_FOLDER)).find((entry) =>
    entry.endsWith(`_${name}.sql`),
  );
  if (!file) throw new Error(`No migration named ${name}`);
  return fs.readFile(path.join(MIGRATIONS_FOLDER, file), 'utf8');
}

const healthyLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };
const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(context.database.db, query);

const cardRow = async (cardId: number) =>
  (
    await rows<{ status: string; expires_at: Date | string; expiry_reminded_at: Date | null }>(
      sql`select status, expires_at, expiry_reminded_at from gift_cards where id = ${cardId}`,
    )
  )[0]!;

/** Card, business and pin-reserve balances: what the platform holds for people, in cents. */
const heldValue = async () =>
  Number(
    (
      await rows<{ total: string }>(
        sql`select coalesce(sum(balance_cents), 0) as total from ledger_accounts
            where kind <> 'system'`,
      )
    )[0]!.total,
  );

const historyOf = async (agent: ReturnType<TestContext['agent']>, cardId: number) =>
  (await agent.get(`/api/gift-cards/${cardId}/history`)).body as Array<{
    kind: string;
    amount: number;
    balanceAfter: number;
    description: string;
  }>;

const notificationsOf = (userId: number) =>
  rows<{ type: string; message: string; amount_cents: number; reference_id: number }>(
    sql`select type, message, amount_cents::int as amount_cents, reference_id from notifications
        where recipient_id = ${userId} and type = 'card_expired' order by id desc`,
  );

describe('expireGiftCards', () => {
  it("returns an expired promotional card's value to its business, exactly, and says so", async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    const issuer = casey.business;
    // A promotional card is spent at its business's own counter.
    const spent = await spendAtCounter(casey.agent, casey.card.id, issuer.agent, 4);
    expect(spent.status).toBe(201);
    const fundsBefore = await fundsCents(context.database.db, issuer.user.id);
    const heldBefore = await heldValue();
    await expireCardNow(context.database.db, casey.card.id);

    expect(await expireGiftCards(context.database.db)).toBeGreaterThanOrEqual(1);

    expect(await fundsCents(context.database.db, issuer.user.id)).toBe(fundsBefore + 600);
    expect(await cardBalanceCents(context.database.db, casey.card.id)).toBe(0);
    expect((await cardRow(casey.card.id)).status).toBe('expired');
    // Value moved between the people's accounts only: none appeared or vanished.
    expect(await heldValue()).toBe(heldBefore);
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);

    const [movement] = await rows<{ kind: string; user_id: number; amount_cents: number }>(
      sql`select kind, user_id, amount_cents::int as amount_cents from ledger_transactions
          where gift_card_id = ${casey.card.id} order by id desc limit 1`,
    );
    expect(movement).toEqual({ kind: 'card_expiry', user_id: issuer.user.id, amount_cents: 600 });

    expect((await historyOf(casey.agent, casey.card.id)).slice(0, 2)).toEqual([
      {
        id: expect.any(String),
        kind: 'refunded',
        date: expect.any(String),
        amount: 6,
        balanceAfter: 0,
        description: 'Returned $6.00 to Bean Street Coffee',
      },
      {
        id: expect.any(String),
        kind: 'expired',
        date: expect.any(String),
        amount: 0,
        balanceAfter: 6,
        description: 'Expired',
      },
    ]);
    const [told] = await notificationsOf(issuer.user.id);
    expect(told).toMatchObject({
      type: 'card_expired',
      amount_cents: 600,
      reference_id: casey.card.id,
      message:
        'A Starbucks gift card from your pin expired with $6.00 left, which is back in your balance',
    });

    const issuerWallet = await issuer.agent.get('/api/wallet');
    expect(issuerWallet.body.transactions[0]).toMatchObject({
      kind: 'card_expiry',
      type: 'received',
      amount: 6,
    });
    const caseyWallet = await casey.agent.get('/api/wallet');
    expect(caseyWallet.body.balance).toBe(0);
    expect(caseyWallet.body.transactions[0]).toMatchObject({
      kind: 'card_expiry',
      type: 'sent',
      amount: 6,
      description: 'Starbucks gift card expired: $6.00 went back to Bean Street Coffee',
    });
  });

  it('reissues a paid card with value left for five more years; no value moves', async () => {
    const ava = await signedInConsumer(context, { name: 'Ava Brooks' });
    const cardId = await insertPaidCard(context.database.db, {
      ownerId: ava.user.id,
      buyerName: 'Noah Green',
      valueCents: 2500,
    });
    await expireCardNow(context.database.db, cardId);
    const [transactionsBefore] = await rows<{ count: string }>(
      sql`select count(*) from ledger_transactions`,
    );

    await expireGiftCards(context.database.db);

    const card = await cardRow(cardId);
    expect(card.status).toBe('active');
    const years = (new Date(card.expires_at).getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(PAID_CARD_EXPIRY_YEARS - 0.01);
    expect(years).toBeLessThan(PAID_CARD_EXPIRY_YEARS + 0.01);
    expect(await cardBalanceCents(context.database.db, cardId)).toBe(2500);
    const [transactionsAfter] = await rows<{ count: string }>(
      sql`select count(*) from ledger_transactions`,
    );
    expect(Number(transactionsAfter!.count)).toBe(Number(transactionsBefore!.count));

    const until = new Date(card.expires_at).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const [reissued] = await historyOf(ava.agent, cardId);
    expect(reissued).toMatchObject({
      kind: 'reissued',
      amount: 0,
      balanceAfter: 25,
      description: `Reissued until ${until}`,
    });
    const [told] = await notificationsOf(ava.user.id);
    expect(told).toMatchObject({
      type: 'card_expired',
      amount_cents: 2500,
      reference_id: cardId,
      message: `Your Starbucks gift card reached its expiry date with $25.00 left, so it was reissued: it is good until ${until}`,
    });
    const wallet = await ava.agent.get('/api/gift-cards/consumer/wallet');
    expect(wallet.body.map((item: { id: number }) => item.id)).toContain(cardId);
  });

  it('lets an empty paid card simply expire', async () => {
    const ava = await signedInConsumer(context);
    const counter = await counterBusiness();
    const cardId = await insertPaidCard(context.database.db, {
      ownerId: ava.user.id,
      buyerName: 'Noah Green',
      valueCents: 500,
    });
    expect((await spendAtCounter(ava.agent, cardId, counter.agent, 5)).status).toBe(201);
    // A card spent to nothing is 'redeemed'; one left active at 0 still just expires.
    await rows(sql`update gift_cards set status = 'active' where id = ${cardId}`);
    await expireCardNow(context.database.db, cardId);
    await expireGiftCards(context.database.db);
    expect((await cardRow(cardId)).status).toBe('expired');
    expect((await historyOf(ava.agent, cardId))[0]).toMatchObject({
      kind: 'expired',
      balanceAfter: 0,
    });
    expect(await notificationsOf(ava.user.id)).toEqual([]);
  });

  it('settles, after the migration for them, cards an earlier sweep marked expired with their value on them', async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    const paidId = await insertPaidCard(context.database.db, {
      ownerId: casey.user.id,
      buyerName: 'Noah Green',
      valueCents: 2500,
    });
    const fundsBefore = await fundsCents(context.database.db, casey.business.user.id);
    // What that sweep left: the status changed, the value still on the card, no history of it.
    for (const id of [casey.card.id, paidId]) await expireCardNow(context.database.db, id);
    await rows(
      sql`update gift_cards set status = 'expired' where id in (${casey.card.id}, ${paidId})`,
    );
    // The sweep itself looks only at active cards past their expiry.
    expect(await expireGiftCards(context.database.db)).toBe(0);
    expect(await cardBalanceCents(context.database.db, casey.card.id)).toBe(1000);

    await context.database.db.execute(sql.raw(await readMigration('expired_cards_with_value')));
    expect(await expireGiftCards(context.database.db)).toBe(2);
    expect(await fundsCents(context.database.db, casey.business.user.id)).toBe(fundsBefore + 1000);
    expect(await cardBalanceCents(context.database.db, casey.card.id)).toBe(0);
    expect((await historyOf(casey.agent, casey.card.id)).map((line) => line.kind)).toEqual([
      'refunded',
      'expired',
      'issued',
    ]);
    // Value paid for is never taken: that card is good for years again, its value untouched.
    expect((await cardRow(paidId)).status).toBe('active');
    expect(await cardBalanceCents(context.database.db, paidId)).toBe(2500);
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
  });

  // A spend locks the funds of the business at whose counter it is, then writes the card's
  // history, which updates the day of the business whose pin issued the card. The sweep must not
  // hold such a day while it waits for funds a spend holds, or each waits for the other until
  // Postgres aborts one: a cashier's error.
  /** Holds a spend's locks open while the sweep runs: the counter's funds, then a card's history. */
  async function spendBesideTheSweep(counterId: number, spentCardId: number) {
    const spendHeld = new Error('the spend is rolled back, as if refused afterwards');
    let sweep: Promise<number> | undefined;
    await expect(
      context.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ledger_accounts
                             where user_id = ${counterId} and kind = 'user_funds' for update`);
        sweep = expireGiftCards(context.database.db);
        // Until the sweep waits for a lock this transaction holds.
        for (let tries = 0; ; tries += 1) {
          const [waiting] = await rows<{ count: string }>(
            sql`select count(*) from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          );
          if (Number(waiting!.count) > 0) break;
          if (tries > 100) throw new Error('the sweep never waited');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await recordCardActivity(tx, {
          giftCardId: spentCardId,
          kind: 'spent',
          amountCents: 100,
          balanceAfterCents: 900,
          businessId: counterId,
        });
        throw spendHeld;
      }),
    ).rejects.toBe(spendHeld);
    return sweep!;
  }

  /** A business's pin of two cards, both claimed: the first to expire, the second to spend. */
  async function twoCardsOfOneBusiness() {
    const first = await consumerWithCard(context, store.starbucks, { quantity: 2 });
    const spender = await signedInConsumer(context);
    const claimed = await spender.agent.post(`/api/pins/${first.pinId}/claim`);
    expect(claimed.status).toBe(201);
    return {
      businessId: first.business.user.id,
      expiringCardId: first.card.id,
      spentCardId: claimed.body.giftCard.id as number,
    };
  }

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "never deadlocks with a spend at the business's own counter",
    async () => {
      const { businessId, expiringCardId, spentCardId } = await twoCardsOfOneBusiness();
      await expireCardNow(context.database.db, expiringCardId);
      expect(await spendBesideTheSweep(businessId, spentCardId)).toBe(1);
      expect(await cardBalanceCents(context.database.db, expiringCardId)).toBe(0);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "never deadlocks with a spend at another business's counter",
    async () => {
      // The sweep settles this business's card first, then a card of the counter's business.
      const { expiringCardId, spentCardId } = await twoCardsOfOneBusiness();
      const counter = await consumerWithCard(context, store.starbucks);
      await expireCardNow(context.database.db, expiringCardId);
      await expireCardNow(context.database.db, counter.card.id);
      expect(await spendBesideTheSweep(counter.business.user.id, spentCardId)).toBe(2);
      expect(await cardBalanceCents(context.database.db, expiringCardId)).toBe(0);
      expect(await cardBalanceCents(context.database.db, counter.card.id)).toBe(0);
    },
  );

  it('settles each card once when instances sweep at the same moment', async () => {
    const cards = await Promise.all(
      Array.from({ length: 6 }, () => consumerWithCard(context, store.starbucks)),
    );
    const ava = await signedInConsumer(context);
    const paid = await Promise.all(
      Array.from({ length: 4 }, () =>
        insertPaidCard(context.database.db, {
          ownerId: ava.user.id,
          buyerName: 'Noah Green',
          valueCents: 700,
        }),
      ),
    );
    const funds = await Promise.all(
      cards.map((card) => fundsCents(context.database.db, card.business.user.id)),
    );
    for (const card of cards) await expireCardNow(context.database.db, card.card.id);
    for (const cardId of paid) await expireCardNow(context.database.db, cardId);

    // Small batches, so the sweeps interleave over several transactions each.
    const settled = await Promise.all(
      Array.from({ length: 4 }, () => expireGiftCards(context.database.db, { batchSize: 2 })),
    );
    expect(settled.reduce((sum, count) => sum + count, 0)).toBe(10);

    for (const [index, card] of cards.entries()) {
      expect(await fundsCents(context.database.db, card.business.user.id)).toBe(
        funds[index]! + 1000,
      );
    }
    const [counts] = await rows<{ refunds: string; reissues: string; expiries: string }>(
      sql`select count(*) filter (where kind = 'refunded') as refunds,
                 count(*) filter (where kind = 'reissued') as reissues,
                 count(*) filter (where kind = 'expired') as expiries
          from gift_card_activities
          where gift_card_id in (${sql.join(
            [...cards.map((card) => card.card.id), ...paid].map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    expect({
      refunds: Number(counts!.refunds),
      reissues: Number(counts!.reissues),
      expiries: Number(counts!.expiries),
    }).toEqual({ refunds: 6, reissues: 4, expiries: 6 });
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
    // A second sweep finds nothing left to do.
    expect(await expireGiftCards(context.database.db)).toBe(0);
  });
});

describe('remindExpiringCards and paid cards', () => {
  it('reminds of an expiring promotional card, never of a paid one (it is reissued)', async () => {
    const casey = await consumerWithCard(context, store.starbucks);
    const paid = await insertPaidCard(context.database.db, {
      ownerId: casey.user.id,
      buyerName: 'Noah Green',
      valueCents: 1500,
      expiresIn: '3 days',
    });
    await rows(
      sql`update gift_cards set expires_at = now() + interval '3 days' where id = ${casey.card.id}`,
    );
    const letters: CardExpiringLetter[] = [];
    await remindExpiringCards(context.database.db, async (letter) => {
      letters.push(letter);
    });
    expect(letters.filter((letter) => letter.userId === casey.user.id)).toEqual([
      { kind: 'card-expiring', userId: casey.user.id, giftCardId: casey.card.id },
    ]);
    expect((await cardRow(paid)).expiry_reminded_at).toBeNull();
    expect(await findExpiringCard(context.database.db, paid, casey.user.id)).toBeNull();
    expect(
      await findExpiringCard(context.database.db, casey.card.id, casey.user.id),
    ).not.toBeNull();
  });
});
