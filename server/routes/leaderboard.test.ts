import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeaderboardEntry } from '@shared/schema/gift-cards';
import { consumerWithCard, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
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
