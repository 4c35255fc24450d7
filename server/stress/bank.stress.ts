import { type AddressInfo } from 'node:net';
import { type Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { type LeaderboardEntry } from '@shared/schema/gift-cards';
import { createAppServer } from '../lib/app-server';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { cardToken } from '../testing/payments';
import { addPayoutAccountFor } from '../testing/payout-accounts';
import { enableTwoFactorFor } from '../testing/two-factor';
import { TEST_PASSWORD } from '../testing/factories';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

/**
 * The bank test (after Jepsen's). Eight consumers hold cards from eight pins and, from 32 clients
 * at once for 30 seconds, send whole cards to each other, buy new ones for each other with a card
 * payment, claim more cards from pins still on offer, and spend parts of their cards at two
 * businesses' counters (the consumer's code, then a business taking an amount with it), while the
 * two businesses pay themselves out to their bank accounts, as people do through the API. Meanwhile a checker reads the
 * database in one snapshot at a time (one REPEATABLE READ transaction, as Jepsen's reads every
 * account at once) and every read must see: the value conserved (what the cards hold plus what was
 * spent equals what was claimed or bought; cards, business balances and pin reserves together equal the
 * payments taken), no balance below zero, the ledger summing to zero with every account equal to
 * its entries, and the leaderboard equal to the sum of scoring gifts per sender (a card scores for
 * the first gift of it only). At the end, with
 * everything quiet, the API must agree with what the clients were told: the leaderboard with the
 * gifts acknowledged, the wallets with the value claimed and bought less the spends acknowledged,
 * the businesses' balances with the spends they were told of less their payouts.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}

const CONSUMERS = 8;
const CLIENTS = 32;
const DURATION_MS = 30_000;
const PINS = 8;
const CARD_VALUE = 50;
/** Pins left on offer during the run: each consumer may claim one card of each. */
const OPEN_PINS = 4;
const OPEN_CARD_VALUE = 20;

let context: TestContext;
let server: Server;
let baseUrl: string;
let checker: pg.Client;

beforeAll(async () => {
  context = await createTestContext();
  server = createAppServer(context.app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  checker = new pg.Client({ connectionString: context.databaseUrl });
  await checker.connect();
});
afterAll(async () => {
  await checker?.end();
  await new Promise((resolve) => server?.close(resolve));
  await context?.close();
});

/**
 * One consumer (or counter) as a browser: a session cookie sent with every request, and the
 * saved card it pays with (a card token pays once; a saved card keeps paying).
 */
type Client = { id: number; username: string; cookie: string; paymentMethodId?: number };

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: username, password: TEST_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return cookie;
}

async function call(
  client: Client,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: client.cookie,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : null,
    headers: response.headers,
  };
}

type Snapshot = {
  cardsCents: number;
  spentCents: number;
  claimedCents: number;
  /** Cards bought with a card payment. */
  purchasedCents: number;
  /** What card, business and pin-reserve accounts hold together. */
  heldCents: number;
  /** Payments taken less payouts: what the payment clearing account gave out. */
  paidInCents: number;
  entriesSum: number;
  negativeAccounts: number;
  driftedAccounts: number;
  leaderboardMismatches: number;
  gifts: number;
};

/** Everything the invariants need, read in one snapshot of the database. */
async function readSnapshot(): Promise<Snapshot> {
  await checker.query('begin isolation level repeatable read read only');
  try {
    const { rows } = await checker.query<Record<keyof Snapshot, string>>(`
      select
        (select coalesce(sum(balance_cents), 0) from ledger_accounts
          where kind = 'gift_card') as "cardsCents",
        (select coalesce(sum(amount_cents), 0) from ledger_transactions
          where kind = 'redeem') as "spentCents",
        (select coalesce(sum(amount_cents), 0) from ledger_transactions
          where kind = 'claim') as "claimedCents",
        (select coalesce(sum(amount_cents), 0) from ledger_transactions
          where kind in ('gift_purchase', 'guest_gift')) as "purchasedCents",
        (select coalesce(sum(balance_cents), 0) from ledger_accounts
          where kind <> 'system') as "heldCents",
        -- System accounts keep no running balance (no hot row): their entries are the record.
        (select -coalesce(sum(e.amount_cents), 0) from ledger_entries e
          join ledger_accounts a on a.id = e.account_id
          where a.system_code = 'payment_clearing') as "paidInCents",
        (select coalesce(sum(amount_cents), 0) from ledger_entries) as "entriesSum",
        (select count(*) from ledger_accounts
          where kind <> 'system' and balance_cents < 0) as "negativeAccounts",
        (select count(*) from ledger_accounts a
          where a.kind <> 'system' and a.balance_cents <> coalesce(
            (select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0)
        ) as "driftedAccounts",
        (select count(*) from (
          select p.period, p.period_start, g.sender_id, sum(g.value_cents) as cents
          from gifts g cross join lateral leaderboard_periods(g.created_at) p
          where g.sender_id is not null
            and not exists (select 1 from gifts e where e.gift_card_id = g.gift_card_id and e.id < g.id)
          group by 1, 2, 3
        ) expected
        full join leaderboard_totals t
          on t.period = expected.period and t.period_start = expected.period_start
          and t.user_id = expected.sender_id
        where coalesce(t.total_cents, 0) <> coalesce(expected.cents, 0)
        ) as "leaderboardMismatches",
        (select count(*) from gifts) as "gifts"
    `);
    const row = rows[0];
    if (!row) throw new Error('no snapshot');
    return Object.fromEntries(
      Object.entries(row).map(([key, value]) => [key, Number(value)]),
    ) as Snapshot;
  } finally {
    await checker.query('commit');
  }
}

const random = (below: number) => Math.floor(Math.random() * below);
const pick = <T>(items: readonly T[]): T | undefined => items[random(items.length)];

/** What the clients were told took effect. */
type Acknowledged = {
  /** Per card, the first of its gifts acknowledged (the one that scores): a purchase is id 0. */
  firstGiftByCard: Map<number, { giftId: number; senderId: number; cents: number }>;
  purchasedCents: number;
  withdrawnCentsByBusiness: Map<number, number>;
  redeemedCents: number;
  redeemedCentsByBusiness: Map<number, number>;
  claimedCents: number;
};

/** Keeps a card's first gift: a card given on scores nothing more on the leaderboard. */
function acknowledgeGift(
  acknowledged: Acknowledged,
  cardId: number,
  gift: { giftId: number; senderId: number; cents: number },
): void {
  const first = acknowledged.firstGiftByCard.get(cardId);
  if (!first || gift.giftId < first.giftId) acknowledged.firstGiftByCard.set(cardId, gift);
}

/** What the leaderboard should say: each card's first gift, added up per sender. */
function scoringGiftsBySender(acknowledged: Acknowledged): Map<number, number> {
  const bySender = new Map<number, number>();
  for (const { senderId, cents } of acknowledged.firstGiftByCard.values()) {
    bySender.set(senderId, (bySender.get(senderId) ?? 0) + cents);
  }
  return bySender;
}

/**
 * One client: reads its consumer's wallet and then either claims a card from a pin still on
 * offer, has part of a card spent at a counter (a card already partly spent when there is one,
 * sometimes more than it holds; the consumer's code, then one of the businesses taking the amount
 * with it) or gives an unspent card (with whatever is left on it by then) to another of the
 * eight. Refusals that concurrency makes expected (the card was just given away by the same
 * consumer's other client, or spent; the pin already claimed by this consumer) are fine; anything
 * else is not.
 */
/**
 * A counter paying itself out while the clients run: a few dollars at a time to its bank account;
 * more than it holds at that moment is refused and moves nothing.
 */
async function runPayouts(
  counter: Client,
  until: number,
  acknowledged: Acknowledged,
  unexpected: string[],
): Promise<void> {
  while (Date.now() < until) {
    const cents = 100 + random(200);
    const paid = await call(counter, 'POST', '/api/wallet/withdraw', { amount: cents / 100 });
    if (paid.status === 201) {
      acknowledged.withdrawnCentsByBusiness.set(
        counter.id,
        (acknowledged.withdrawnCentsByBusiness.get(counter.id) ?? 0) + cents,
      );
    } else if (paid.status !== 409) {
      unexpected.push(`withdraw ${paid.status} ${JSON.stringify(paid.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runClient(
  self: Client,
  everyone: readonly Client[],
  counters: readonly Client[],
  openPins: readonly number[],
  until: number,
  acknowledged: Acknowledged,
  unexpected: string[],
): Promise<number> {
  let operations = 0;
  while (Date.now() < until) {
    const wallet = await call(self, 'GET', '/api/gift-cards/consumer/wallet?limit=100');
    if (wallet.status !== 200) {
      unexpected.push(`wallet read ${wallet.status}`);
      continue;
    }
    const cards = (wallet.body as WalletGiftCard[]).filter((card) => card.status === 'active');
    const unspent = cards.filter((card) => card.balance === card.value);
    operations++;

    const roll = Math.random();
    if (roll < 0.06) {
      // A card payment: a new $5 card bought for another of the eight.
      const recipient = pick(everyone.filter((other) => other.id !== self.id));
      if (!recipient) continue;
      const bought = await call(self, 'POST', '/api/gift-cards/guest', {
        recipientUsername: recipient.username,
        brand: 'starbucks',
        value: 5,
        senderEmail: `${self.username}@example.com`,
        paymentMethodId: self.paymentMethodId,
      });
      if (bought.status === 201) {
        acknowledged.purchasedCents += 500;
        acknowledgeGift(acknowledged, (bought.body as { id: number }).id, {
          giftId: 0,
          senderId: self.id,
          cents: 500,
        });
      } else {
        unexpected.push(`purchase ${bought.status} ${JSON.stringify(bought.body)}`);
      }
    } else if (roll < 0.16) {
      const pin = pick(openPins);
      if (!pin) continue;
      const claimed = await call(self, 'POST', `/api/pins/${pin}/claim`, {});
      if (claimed.status === 201) acknowledged.claimedCents += OPEN_CARD_VALUE * 100;
      else if (claimed.status !== 409) {
        unexpected.push(`claim ${claimed.status} ${JSON.stringify(claimed.body)}`);
      }
    } else if (roll < 0.4 || unspent.length === 0) {
      // Half the time a card bought with money, when there is one: the second counter takes only
      // those, and would otherwise see a spend only once the promotional cards are used up.
      const paid = cards.filter((held) => !held.promotional);
      const choice = paid.length > 0 && Math.random() < 0.5 ? paid : cards;
      const card =
        pick(choice.filter((held) => held.balance < held.value)) ??
        pick(choice.filter((held) => held.balance === held.value));
      // A promotional card is taken only at the counter of the business whose pin issued it (the
      // first); a card bought with money at any business that accepts its brand, here the second,
      // which only chose Starbucks in its settings.
      const counter = card?.promotional ? counters[0] : counters[1];
      if (!card || !counter) continue;
      const balanceCents = Math.round(card.balance * 100);
      // One in ten asks for a cent more than the card holds: refused, nothing spent.
      const amountCents =
        Math.random() < 0.1 ? balanceCents + 1 : 1 + random(Math.min(balanceCents, 300));
      const shown = await call(self, 'POST', `/api/gift-cards/${card.id}/redemption-code`, {});
      if (shown.status !== 201) {
        // The card was just given away or spent by this consumer's other client.
        if (![404, 409].includes(shown.status)) {
          unexpected.push(`code ${shown.status} ${JSON.stringify(shown.body)}`);
        }
        continue;
      }
      const redeemed = await call(counter, 'POST', '/api/redemptions', {
        code: (shown.body as { code: string }).code,
        amount: amountCents / 100,
      });
      if (redeemed.status === 201) {
        acknowledged.redeemedCents += amountCents;
        acknowledged.redeemedCentsByBusiness.set(
          counter.id,
          (acknowledged.redeemedCentsByBusiness.get(counter.id) ?? 0) + amountCents,
        );
        expect(amountCents).toBeLessThanOrEqual(balanceCents);
      } else if (![409, 410].includes(redeemed.status)) {
        // 409: more than the card holds now; 410: the card changed hands after its code.
        unexpected.push(`redeem ${redeemed.status} ${JSON.stringify(redeemed.body)}`);
      }
    } else {
      const card = pick(unspent);
      const recipient = pick(everyone.filter((other) => other.id !== self.id));
      if (!card || !recipient) continue;
      const sent = await call(self, 'POST', `/api/gift-cards/${card.id}/send`, {
        recipientUsername: recipient.username,
        message: 'for you',
      });
      if (sent.status === 201) {
        // The gift is worth what the card held when it went (a spend by this consumer's other
        // client may have come first): the answer says how much.
        const gift = sent.body as { id: number; value: number };
        acknowledgeGift(acknowledged, card.id, {
          giftId: gift.id,
          senderId: self.id,
          cents: Math.round(gift.value * 100),
        });
      } else if (![404, 409].includes(sent.status)) {
        unexpected.push(`send ${sent.status} ${JSON.stringify(sent.body)}`);
      }
    }
  }
  return operations;
}

describe('the bank test', () => {
  it(`${CONSUMERS} consumers, ${CLIENTS} clients, ${DURATION_MS / 1000} s: every snapshot keeps the invariants`, async () => {
    const { starbucks } = await insertTestStores(context.database.db);
    const business = await fundedBusiness(
      context,
      PINS * CONSUMERS * CARD_VALUE + OPEN_PINS * CONSUMERS * OPEN_CARD_VALUE,
    );
    const pinIds: number[] = [];
    for (let index = 0; index < PINS; index++) {
      pinIds.push(
        await createTestPin(business.agent, starbucks, {
          quantity: CONSUMERS,
          value: CARD_VALUE,
        }),
      );
    }
    const openPins: number[] = [];
    for (let index = 0; index < OPEN_PINS; index++) {
      openPins.push(
        await createTestPin(business.agent, starbucks, {
          quantity: CONSUMERS,
          value: OPEN_CARD_VALUE,
        }),
      );
    }
    // Two counters: the business whose pins issued the cards, and one that chose Starbucks in its
    // settings (no funds of its own, so its balance is exactly what it took).
    const other = await fundedBusiness(context, 0, 'Second Counter');
    await other.agent
      .patch('/api/user/settings')
      .send({ acceptedBrands: ['starbucks'] })
      .expect(200);
    const counters: Client[] = [];
    for (const { user } of [business, other]) {
      counters.push({ id: user.id, username: user.username, cookie: await signIn(user.username) });
    }
    // Both pay out to a bank account, which needs two-factor on (their signed-in sessions above
    // are recent enough to withdraw without confirming again).
    for (const { agent } of [business, other]) {
      await addPayoutAccountFor(agent, (await enableTwoFactorFor(agent)).secret);
    }
    const balanceOf = async (counter: Client) =>
      Math.round(
        ((await call(counter, 'GET', '/api/wallet')).body as { balance: number }).balance * 100,
      );
    const countersBefore = new Map<number, number>();
    for (const counter of counters) countersBefore.set(counter.id, await balanceOf(counter));
    const consumers: Client[] = [];
    for (let index = 0; index < CONSUMERS; index++) {
      const { agent, user } = await signedInConsumer(context);
      for (const pinId of pinIds) {
        const claim = await agent.post(`/api/pins/${pinId}/claim`);
        expect(claim.status).toBe(201);
      }
      consumers.push({
        id: user.id,
        username: user.username,
        cookie: await signIn(user.username),
        paymentMethodId: (
          await agent.post('/api/payments/cards').send({ paymentToken: await cardToken(context) })
        ).body.id as number,
      });
    }

    const start = await readSnapshot();
    const issuedCents = PINS * CONSUMERS * CARD_VALUE * 100;
    expect(start).toMatchObject({
      cardsCents: issuedCents,
      claimedCents: issuedCents,
      spentCents: 0,
      gifts: 0,
    });

    const acknowledged: Acknowledged = {
      firstGiftByCard: new Map(),
      purchasedCents: 0,
      withdrawnCentsByBusiness: new Map(),
      redeemedCents: 0,
      redeemedCentsByBusiness: new Map(),
      claimedCents: 0,
    };
    const unexpected: string[] = [];
    const until = Date.now() + DURATION_MS;
    let running = true;
    const snapshots: Snapshot[] = [];
    const checking = (async () => {
      while (running) snapshots.push(await readSnapshot());
    })();
    const payouts = Promise.all(
      counters.map((counter) => runPayouts(counter, until, acknowledged, unexpected)),
    );
    const operations = await Promise.all(
      Array.from({ length: CLIENTS }, (_, index) =>
        runClient(
          consumers[index % CONSUMERS]!,
          consumers,
          counters,
          openPins,
          until,
          acknowledged,
          unexpected,
        ),
      ),
    );
    await payouts;
    running = false;
    await checking;

    expect(unexpected).toEqual([]);
    const total = operations.reduce((sum, count) => sum + count, 0);
    const last = snapshots.at(-1);
    process.stdout.write(
      `bank test: ${total} operations, ${last?.gifts} gifts, $${acknowledged.claimedCents / 100} claimed, $${acknowledged.redeemedCents / 100} spent, $${acknowledged.purchasedCents / 100} bought, $${[...acknowledged.withdrawnCentsByBusiness.values()].reduce((a, b) => a + b, 0) / 100} paid out, ${snapshots.length} snapshots checked\n`,
    );
    // Enough happened for the test to mean something: many gifts, claims and spends at both
    // counters.
    expect(total).toBeGreaterThan(500);
    const giftsCentsBySender = scoringGiftsBySender(acknowledged);
    expect(giftsCentsBySender.size).toBe(CONSUMERS);
    expect(acknowledged.redeemedCents).toBeGreaterThan(0);
    expect(acknowledged.claimedCents).toBeGreaterThan(0);
    expect(acknowledged.purchasedCents).toBeGreaterThan(0);
    expect(acknowledged.withdrawnCentsByBusiness.size).toBe(counters.length);
    expect(acknowledged.redeemedCentsByBusiness.size).toBe(counters.length);
    expect(snapshots.length).toBeGreaterThan(20);

    // Every read the checker made during the run.
    const broken = snapshots.filter(
      (snapshot) =>
        snapshot.cardsCents + snapshot.spentCents !==
          snapshot.claimedCents + snapshot.purchasedCents ||
        snapshot.heldCents !== snapshot.paidInCents ||
        snapshot.cardsCents < 0 ||
        snapshot.entriesSum !== 0 ||
        snapshot.negativeAccounts !== 0 ||
        snapshot.driftedAccounts !== 0 ||
        snapshot.leaderboardMismatches !== 0,
    );
    expect(broken).toEqual([]);

    // At rest, the database holds exactly what the clients were told.
    const end = await readSnapshot();
    const claimedCents = issuedCents + acknowledged.claimedCents;
    expect(end.claimedCents).toBe(claimedCents);
    expect(end.spentCents).toBe(acknowledged.redeemedCents);
    expect(end.purchasedCents).toBe(acknowledged.purchasedCents);
    expect(end.cardsCents).toBe(
      claimedCents + acknowledged.purchasedCents - acknowledged.redeemedCents,
    );
    // Each business holds what it had plus the spends it was told of, less its payouts.
    for (const counter of counters) {
      expect(await balanceOf(counter)).toBe(
        countersBefore.get(counter.id)! +
          (acknowledged.redeemedCentsByBusiness.get(counter.id) ?? 0) -
          (acknowledged.withdrawnCentsByBusiness.get(counter.id) ?? 0),
      );
    }

    // And the API says so: the leaderboard equals the scoring gifts acknowledged to each sender ...
    const leaderboard = await call(consumers[0]!, 'GET', '/api/gift-cards/leaderboard?period=all');
    expect(leaderboard.status).toBe(200);
    const board = new Map(
      (leaderboard.body as LeaderboardEntry[]).map((entry) => [
        entry.id,
        Math.round(entry.total_value * 100),
      ]),
    );
    expect(board).toEqual(giftsCentsBySender);

    // ... and the wallets hold what was issued less what was spent.
    let heldCents = 0;
    for (const consumer of consumers) {
      const wallet = await call(consumer, 'GET', '/api/gift-cards/consumer/wallet?limit=100');
      expect(Number(wallet.headers.get('X-Total-Count'))).toBeLessThanOrEqual(100);
      for (const card of wallet.body as WalletGiftCard[])
        heldCents += Math.round(card.balance * 100);
    }
    expect(heldCents).toBe(claimedCents + acknowledged.purchasedCents - acknowledged.redeemedCents);
  }, 120_000);
});
