import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeaderboardEntry, type LeaderboardStanding } from '@shared/schema/gift-cards';
import { users } from '@shared/tables/users';
import { queryRows } from '../db/query-rows';
import { consumerWithCard, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { cardToken } from '../testing/payments';
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

/** A consumer who gives one card of `value` dollars to `recipient`; answers the sender. */
async function gifter(recipient: string, value: number, name: string) {
  const sender = await consumerWithCard(context, store.starbucks, { value, quantity: 1 });
  await context.database.db.execute(
    sql`update users set name = ${name} where id = ${sender.user.id}`,
  );
  await sender.agent
    .post(`/api/gift-cards/${sender.card.id}/send`)
    .send({ recipientUsername: recipient })
    .expect(201);
  return sender;
}

const entryOf = (entries: LeaderboardEntry[], id: number) =>
  entries.find((entry) => entry.id === id);

describe('GET /api/gift-cards/leaderboard', () => {
  it('ranks consumers by the value of gifts they sent, and the period really filters', async () => {
    const recipient = await signedInConsumer(context);
    const big = await gifter(recipient.user.username, 50, 'Big Giver');
    const small = await gifter(recipient.user.username, 20, 'Small Giver');
    const old = await gifter(recipient.user.username, 100, 'Old Giver');
    // Old Giver's gift was two years ago: it counts for all time only.
    await context.database.db.execute(
      sql`update gifts set created_at = now() - interval '2 years' where sender_id = ${old.user.id}`,
    );

    const month = await recipient.agent.get('/api/gift-cards/leaderboard');
    expect(month.status).toBe(200);
    const monthIds = month.body.map((entry: LeaderboardEntry) => entry.id);
    expect(monthIds.indexOf(big.user.id)).toBeLessThan(monthIds.indexOf(small.user.id));
    expect(monthIds).not.toContain(old.user.id);
    expect(monthIds).not.toContain(recipient.user.id);
    expect(entryOf(month.body, big.user.id)).toEqual({
      id: big.user.id,
      name: 'Big Giver',
      username: big.user.username,
      profile_picture: null,
      total_value: 50,
    });

    for (const period of ['week', 'year']) {
      const response = await recipient.agent.get(`/api/gift-cards/leaderboard?period=${period}`);
      expect(entryOf(response.body, big.user.id)?.total_value).toBe(50);
      expect(entryOf(response.body, old.user.id)).toBeUndefined();
    }
    const all = await recipient.agent.get('/api/gift-cards/leaderboard?period=all');
    expect(all.body[0]).toMatchObject({ id: old.user.id, total_value: 100 });
  });

  it("reports the consumer's own standing: rank, Top N%, points to the next place", async () => {
    const recipient = await signedInConsumer(context);
    const first = await gifter(recipient.user.username, 500, 'First Place');
    const second = await gifter(recipient.user.username, 480, 'Second Place');

    const leader = await first.agent.get('/api/gift-cards/leaderboard/me?period=week');
    expect(leader.status).toBe(200);
    expect(leader.body).toMatchObject({
      period: 'week',
      rank: 1,
      points: 500,
      pointsToNextRank: 0,
    });
    const runnerUp = await second.agent.get('/api/gift-cards/leaderboard/me?period=week');
    expect(runnerUp.body).toMatchObject({ rank: 2, points: 480, pointsToNextRank: 21 });
    expect(runnerUp.body.rankedUsers).toBeGreaterThanOrEqual(2);

    const nobody = await recipient.agent.get('/api/gift-cards/leaderboard/me');
    expect(nobody.body).toMatchObject({
      period: 'month',
      rank: null,
      points: 0,
      pointsToNextRank: 0,
    });
  });

  it('counts a card for its first giver only: bounced between two friends ten times it is $10 for one of them', async () => {
    const first = await consumerWithCard(context, store.starbucks, { value: 10, quantity: 1 });
    const friend = await signedInConsumer(context);
    const players = [first, friend];
    for (let pass = 0; pass < 10; pass++) {
      const from = players[pass % 2]!;
      const to = players[(pass + 1) % 2]!;
      await from.agent
        .post(`/api/gift-cards/${first.card.id}/send`)
        .send({ recipientUsername: to.user.username })
        .expect(201);
    }
    for (const period of PERIODS) {
      const board = await friend.agent.get(
        `/api/gift-cards/leaderboard?period=${period}&limit=100`,
      );
      expect(board.status).toBe(200);
      expect(entryOf(board.body, first.user.id)?.total_value).toBe(10);
      expect(entryOf(board.body, friend.user.id)).toBeUndefined();
    }
    const mine = await friend.agent.get('/api/gift-cards/leaderboard/me?period=week');
    expect(mine.body).toMatchObject({ rank: null, points: 0 });
    const theirs = await first.agent.get('/api/gift-cards/leaderboard/me?period=week');
    expect(theirs.body).toMatchObject({ points: 10 });
    // Every gift is still there for both wallets; only the first of the card scores.
    const [row] = await queryRows<{ gifts: number; scoring: number; first_scores: boolean }>(
      context.database.db,
      sql`select count(*)::int as gifts, count(*) filter (where scores)::int as scoring,
            bool_and(scores = (id = (select min(id) from gifts where gift_card_id = ${first.card.id})))
              as first_scores
          from gifts where gift_card_id = ${first.card.id}`,
    );
    expect(row).toEqual({ gifts: 10, scoring: 1, first_scores: true });
    expect(await driftFromGifts()).toEqual({ totals: 0, counts: 0, empty: 0 });
  });

  it('counts a card bought for a friend for its buyer, and not again when the friend gives it on', async () => {
    const buyer = await signedInConsumer(context);
    const friend = await signedInConsumer(context);
    const third = await signedInConsumer(context);
    const bought = await buyer.agent.post('/api/gift-cards/guest').send({
      recipientUsername: friend.user.username,
      brand: 'starbucks',
      value: 15,
      senderEmail: 'buyer@example.com',
      message: '',
      paymentToken: await cardToken(context),
    });
    expect(bought.status).toBe(201);
    await friend.agent
      .post(`/api/gift-cards/${bought.body.id}/send`)
      .send({ recipientUsername: third.user.username })
      .expect(201);
    const board = await third.agent.get('/api/gift-cards/leaderboard?period=all&limit=100');
    expect(entryOf(board.body, buyer.user.id)?.total_value).toBe(15);
    expect(entryOf(board.body, friend.user.id)).toBeUndefined();
  });

  it('rejects an unknown period (400), no session (401) and a business (403)', async () => {
    const consumer = await signedInConsumer(context);
    const bad = await consumer.agent.get('/api/gift-cards/leaderboard?period=decade');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('period must be one of week, month, year, all');
    expect((await consumer.agent.get('/api/gift-cards/leaderboard?limit=101')).status).toBe(400);
    expect((await context.agent().get('/api/gift-cards/leaderboard')).status).toBe(401);
    expect((await context.agent().get('/api/gift-cards/leaderboard/me')).status).toBe(401);
    const business = await fundedBusiness(context, 0);
    expect((await business.agent.get('/api/gift-cards/leaderboard')).status).toBe(403);
    expect((await business.agent.get('/api/gift-cards/leaderboard/me')).status).toBe(403);
  });
});

const PERIODS = ['week', 'month', 'year', 'all'] as const;

/** Gifts written straight into `gifts` in one statement (the triggers see them as any writer). */
async function insertGifts(
  card: { id: number; recipientId: number },
  gifts: { sender: number; cents: number; daysAgo?: number }[],
) {
  const values = gifts.map(
    (gift) => sql`('friend', ${gift.sender}, 'Direct Giver', ${card.recipientId}, ${card.id},
      ${gift.cents}, now() - make_interval(days => ${gift.daysAgo ?? 0}))`,
  );
  const rows = await queryRows<{ id: number }>(
    context.database.db,
    sql`insert into gifts (kind, sender_id, sender_name, recipient_id, gift_card_id, value_cents, created_at)
      values ${sql.join(values, sql`, `)} returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Consumers who only give (never signed in), inserted at once. */
async function givers(count: number) {
  const stamp = `${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const rows = await context.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        type: 'consumer' as const,
        email: `giver_${stamp}_${index}@example.com`,
        username: `giver_${stamp}_${index}`,
        passwordHash: 'not-a-hash',
        name: `Giver ${index}`,
      })),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id);
}

/**
 * Rows of leaderboard_totals and leaderboard_total_counts that differ from the same numbers
 * computed from scratch over every scoring gift, and count rows that hold nobody.
 */
async function driftFromGifts() {
  const [row] = await queryRows<{ totals: number; counts: number; empty: number }>(
    context.database.db,
    sql`
    with expected as (
      select p.period, p.period_start, g.sender_id as user_id, sum(g.value_cents) as total_cents
      from gifts g cross join lateral leaderboard_periods(g.created_at) p
      where g.sender_id is not null and g.scores
      group by 1, 2, 3
    ), expected_counts as (
      select period, period_start, total_cents, count(*) as users from expected group by 1, 2, 3
    )
    select
      (select count(*) from expected
        full join leaderboard_totals t using (period, period_start, user_id)
        where expected.total_cents is distinct from t.total_cents)::int as totals,
      (select count(*) from expected_counts
        full join leaderboard_total_counts c using (period, period_start, total_cents)
        where expected_counts.users is distinct from c.users)::int as counts,
      (select count(*) from leaderboard_total_counts where users <= 0)::int as empty`,
  );
  return row;
}

/** The standing of `userId` computed from scratch: every gift of the period, ranked in full. */
async function standingFromGifts(userId: number, period: (typeof PERIODS)[number]) {
  const rows = await queryRows<{
    user_id: number | null;
    total_cents: string | null;
    place: string | null;
    above_cents: string | null;
    ranked: string;
  }>(
    context.database.db,
    sql`
    with totals as (
      select g.sender_id as user_id, sum(g.value_cents) as total_cents
      from gifts g cross join lateral leaderboard_periods(g.created_at) p
      join leaderboard_periods(now()) this using (period, period_start)
      where g.sender_id is not null and g.scores and p.period = ${period}
      group by g.sender_id
    ), ranked as (
      select user_id, total_cents,
        row_number() over (order by total_cents desc, user_id) as place,
        lag(total_cents) over (order by total_cents desc, user_id) as above_cents
      from totals
    )
    select ranked.user_id, ranked.total_cents, ranked.place, ranked.above_cents,
      (select count(*) from totals) as ranked
    from (select 1) as one left join ranked on ranked.user_id = ${userId}`,
  );
  const row = rows[0]!;
  const rankedUsers = Number(row.ranked);
  if (row.user_id === null) {
    return { period, rank: null, points: 0, rankedUsers, pointsToNextRank: 0 };
  }
  const points = Math.trunc(Number(row.total_cents) / 100);
  const above = row.above_cents === null ? null : Math.trunc(Number(row.above_cents) / 100);
  return {
    period,
    rank: Number(row.place),
    points,
    rankedUsers,
    pointsToNextRank: above === null ? 0 : Math.max(1, above - points + 1),
  } satisfies LeaderboardStanding;
}

describe('GET /api/gift-cards/leaderboard/me (standing at scale)', () => {
  it('breaks ties by the smaller id and matches a ranking computed from every gift', async () => {
    const holder = await consumerWithCard(context, store.starbucks);
    const card = { id: holder.card.id, recipientId: holder.user.id };
    const tied = [
      await signedInConsumer(context),
      await signedInConsumer(context),
      await signedInConsumer(context),
    ];
    const ahead = await signedInConsumer(context);
    const last = await signedInConsumer(context);
    const idle = await signedInConsumer(context);
    // Three tie at $77.77 this week (in two gifts for one of them); one is far ahead, one behind
    // at $77.00 (the same points, a smaller total) and with an old gift that counts for all time.
    await insertGifts(card, [
      { sender: tied[0]!.user.id, cents: 7777 },
      { sender: tied[1]!.user.id, cents: 7000 },
      { sender: tied[1]!.user.id, cents: 777 },
      { sender: tied[2]!.user.id, cents: 7777 },
      { sender: ahead.user.id, cents: 90_000 },
      { sender: last.user.id, cents: 7700 },
      { sender: last.user.id, cents: 50_000, daysAgo: 800 },
    ]);

    const standing = async (agent: typeof idle.agent, period: string) => {
      const response = await agent.get(`/api/gift-cards/leaderboard/me?period=${period}`);
      expect(response.status).toBe(200);
      return response.body as LeaderboardStanding;
    };
    const week = await Promise.all(tied.map((member) => standing(member.agent, 'week')));
    const firstTied = week[0]!.rank!;
    expect(week.map((entry) => entry.rank)).toEqual([firstTied, firstTied + 1, firstTied + 2]);
    // The first of the tie passes the one ahead with one point more; the others pass a tie.
    // The others of the tie pass the one before them with a single point.
    expect(week.map((entry) => entry.pointsToNextRank).slice(1)).toEqual([1, 1]);
    const behind = await standing(last.agent, 'week');
    expect(behind).toMatchObject({ rank: firstTied + 3, points: 77, pointsToNextRank: 1 });
    expect(await standing(idle.agent, 'week')).toMatchObject({ rank: null, points: 0 });

    for (const period of PERIODS) {
      for (const member of [...tied, ahead, last, idle]) {
        expect(await standing(member.agent, period)).toEqual(
          await standingFromGifts(member.user.id, period),
        );
      }
    }
    expect(await driftFromGifts()).toEqual({ totals: 0, counts: 0, empty: 0 });
  });

  it('keeps the counts exact as gifts are inserted, changed and removed', async () => {
    const holder = await consumerWithCard(context, store.starbucks);
    const card = { id: holder.card.id, recipientId: holder.user.id };
    const [a, b, c] = (await givers(3)) as [number, number, number];

    // One statement: two gifts of one sender, equal totals across senders, an old gift.
    const ids = await insertGifts(card, [
      { sender: a, cents: 1234 },
      { sender: a, cents: 1000 },
      { sender: b, cents: 2234 },
      { sender: c, cents: 2234 },
      { sender: c, cents: 999, daysAgo: 400 },
    ]);
    expect(await driftFromGifts()).toEqual({ totals: 0, counts: 0, empty: 0 });

    const db = context.database.db;
    const steps = [
      // A value changes: the sender leaves the tie.
      sql`update gifts set value_cents = value_cents + 1 where id = ${ids[2]!}`,
      // A gift moves to another period, and back.
      sql`update gifts set created_at = created_at - interval '2 years' where id = ${ids[0]!}`,
      sql`update gifts set created_at = now() where id = ${ids[0]!}`,
      // A change that nets to nothing.
      sql`update gifts set message = 'Thanks!' where id in ${ids}`,
      // A gift stops scoring (as a card given on does), and scores again.
      sql`update gifts set scores = false where id in (${ids[1]!}, ${ids[2]!})`,
      sql`update gifts set scores = true where id = ${ids[2]!}`,
      // A gift loses its sender, then gets another one.
      sql`update gifts set sender_id = null where id = ${ids[3]!}`,
      sql`update gifts set sender_id = ${a} where id = ${ids[3]!}`,
      // Gifts are removed: a sender's last gift of a period, then everything.
      sql`delete from gifts where id = ${ids[4]!}`,
      sql`delete from gifts where id in ${ids}`,
    ];
    for (const step of steps) {
      await db.execute(step);
      expect(await driftFromGifts()).toEqual({ totals: 0, counts: 0, empty: 0 });
    }
    const [left] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from leaderboard_totals where user_id in (${a}, ${b}, ${c})`,
    );
    expect(left?.rows).toBe(0);
  });

  it('keeps the counts exact under concurrent gifts of equal value', async () => {
    const holder = await consumerWithCard(context, store.starbucks);
    const card = { id: holder.card.id, recipientId: holder.user.id };
    const senders = await givers(12);
    // Everyone starts at $25, so concurrent gifts move people out of and into the same totals.
    const first = await insertGifts(
      card,
      senders.map((sender) => ({ sender, cents: 2500 })),
    );
    const db = context.database.db;
    // Each in its own transaction that holds its locks a moment, so the writers overlap (on
    // Postgres; the embedded database runs them one after another).
    await Promise.all(
      senders.map((sender, index) =>
        db.transaction(async (tx) => {
          if (index % 3 === 0) {
            await tx.execute(sql`delete from gifts where id = ${first[index]!}`);
          } else {
            await tx.execute(
              sql`insert into gifts (kind, sender_id, sender_name, recipient_id, gift_card_id, value_cents)
                values ('friend', ${sender}, 'Direct Giver', ${card.recipientId}, ${card.id}, 2500)`,
            );
          }
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    expect(await driftFromGifts()).toEqual({ totals: 0, counts: 0, empty: 0 });
  });
});
