import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@shared/schema/account-data';
import { queryRows } from '../db/query-rows';
import { checkLedger } from '../services/ledger/check-ledger';
import { atOnce, expectRefusalsSay, statusCounts } from '../testing/bursts';
import { TEST_PASSWORD } from '../testing/factories';
import {
  consumerWithCard,
  createTestPin,
  fundedBusiness,
  signedInConsumer,
} from '../testing/gift-cards';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

const WRONG_ATTEMPTS_ALLOWED = 3;

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext({ rateLimits: { loginPerAccount: WRONG_ATTEMPTS_ALLOWED } });
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});

type Agent = ReturnType<TestContext['agent']>;
const healthyLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };

const rows = <Row>(query: ReturnType<typeof sql>) => queryRows<Row>(context.database.db, query);

async function befriend(
  asker: { agent: Agent },
  asked: { agent: Agent; user: { username: string } },
) {
  const sent = await asker.agent
    .post('/api/friends/request')
    .send({ username: asked.user.username });
  expect(sent.status).toBe(201);
  const accepted = await asked.agent
    .post('/api/friends/respond')
    .send({ friendshipId: sent.body.friendshipId, action: 'accept' });
  expect(accepted.status).toBe(200);
}

async function post(agent: Agent, content: string): Promise<number> {
  const response = await agent.post('/api/posts').send({ content });
  expect(response.status).toBe(201);
  return response.body.id as number;
}

/** A signed in a second time, on an agent of its own: another browser. */
async function secondSession(username: string): Promise<Agent> {
  const agent = context.agent();
  const response = await agent
    .post('/api/login')
    .send({ identifier: username, password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return agent;
}

const emailOf = async (userId: number) =>
  (await rows<{ email: string }>(sql`select email from users where id = ${userId}`))[0]!.email;

describe('GET /api/user/export', () => {
  it("downloads the user's own data as a JSON file, and nothing of anyone else's", async () => {
    const ava = await consumerWithCard(context, store.starbucks);
    const ben = await signedInConsumer(context, { name: 'Ben Other' });
    await befriend(ava, ben);
    const avaPost = await post(ava.agent, 'Ava was here');
    const benPost = await post(ben.agent, 'Ben secret thoughts');
    const comment = await ava.agent
      .post(`/api/posts/${benPost}/comments`)
      .send({ content: 'Ava comments on Ben' });
    expect(comment.status).toBe(201);
    await ben.agent.post(`/api/posts/${avaPost}/comments`).send({ content: 'Ben replies' });

    const response = await ava.agent.get('/api/user/export');

    expect(response.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="markit-${ava.user.username}-${today}.json"`,
    );
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // Exactly the schema: zod drops what it does not describe, so equal means nothing more.
    expect(accountExportSchema.parse(response.body)).toEqual(response.body);
    const data = response.body;
    expect(data.profile).toMatchObject({
      id: ava.user.id,
      username: ava.user.username,
      email: await emailOf(ava.user.id),
      phone: '+15551234567',
      twoFactorEnabled: false,
    });
    expect(data.brands).toEqual([{ id: 'starbucks', name: 'Starbucks' }]);
    expect(data.friends).toEqual([
      { username: ben.user.username, name: 'Ben Other', since: expect.any(String) },
    ]);
    expect(data.posts.map((item: { content: string }) => item.content)).toEqual(['Ava was here']);
    expect(data.comments).toEqual([
      expect.objectContaining({ postId: benPost, content: 'Ava comments on Ben' }),
    ]);
    expect(data.giftCards).toEqual([
      expect.objectContaining({ id: ava.card.id, brand: 'Starbucks', value: 10, balance: 10 }),
    ]);
    expect(data.transactions).toEqual([
      expect.objectContaining({ kind: 'claim', amount: 10, status: 'completed' }),
    ]);
    expect(data.notifications.map((item: { type: string }) => item.type)).toContain(
      'friend_request_accepted',
    );

    const text = response.text;
    // Nobody else's words or address, and no secret of any kind.
    expect(text).not.toContain('Ben secret thoughts');
    expect(text).not.toContain('Ben replies');
    expect(text).not.toContain(await emailOf(ben.user.id));
    expect(text).not.toMatch(/scrypt\$|password|totp|token|"code"/i);
    const [card] = await rows<{ code: string }>(
      sql`select code from gift_cards where id = ${ava.card.id}`,
    );
    expect(text).not.toContain(card!.code);
  });

  it("exports a business's ledger history", async () => {
    const business = await fundedBusiness(context, 250);
    const response = await business.agent.get('/api/user/export');
    expect(response.status).toBe(200);
    expect(response.body.profile.type).toBe('business');
    expect(response.body.transactions).toEqual([
      expect.objectContaining({ kind: 'add_funds', amount: 250 }),
    ]);
    expect(response.body.posts).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await request(context.app).get('/api/user/export');
    expect(response.status).toBe(401);
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});

describe('POST /api/user/delete', () => {
  it('answers 401 without a session', async () => {
    const response = await request(context.app)
      .post('/api/user/delete')
      .send({ password: TEST_PASSWORD });
    expect(response.status).toBe(401);
  });

  it('answers 400 without a password', async () => {
    const { agent } = await signedInConsumer(context);
    const response = await agent.post('/api/user/delete').send({});
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      message: 'Password is required',
      errors: { password: 'Password is required' },
    });
  });

  it('refuses a wrong password with 400, changes nothing, and limits the attempts', async () => {
    const { agent, user } = await signedInConsumer(context);
    await post(agent, 'still here');
    const before = await rows(sql`select * from users where id = ${user.id}`);

    for (let attempt = 0; attempt < WRONG_ATTEMPTS_ALLOWED; attempt++) {
      const wrong = await agent.post('/api/user/delete').send({ password: 'not-my-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ message: 'Password is incorrect' });
    }
    // Past the limit even the right password waits, as sign-in does.
    const limited = await agent.post('/api/user/delete').send({ password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(
      'Too many failed attempts. Please wait 15 minutes and try again.',
    );

    expect(await rows(sql`select * from users where id = ${user.id}`)).toEqual(before);
    expect((await agent.get('/api/user')).status).toBe(200);
    const feed = await agent.get('/api/posts');
    expect(feed.body.map((item: { content: string }) => item.content)).toContain('still here');
    await secondSession(user.username);
  });

  it('checks at most the limit of 40 wrong passwords sent at once, and deletes nothing', async () => {
    const { agent, user } = await signedInConsumer(context);
    const burst = await atOnce(40, () =>
      agent.post('/api/user/delete').send({ password: 'not-my-password' }),
    );
    expect(statusCounts(burst)).toEqual({
      400: WRONG_ATTEMPTS_ALLOWED,
      429: 40 - WRONG_ATTEMPTS_ALLOWED,
    });
    expectRefusalsSay(
      burst,
      'Too many failed attempts. Please wait 15 minutes and try again.',
      15 * 60,
    );
    expect((await agent.post('/api/user/delete').send({ password: TEST_PASSWORD })).status).toBe(
      429,
    );
    expect((await agent.get('/api/user')).body.username).toBe(user.username);
  });

  it('answers 409 to a business with a balance, and deletes nothing', async () => {
    const { agent, user } = await fundedBusiness(context, 40);
    const response = await agent.post('/api/user/delete').send({ password: TEST_PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Withdraw your balance before deleting your account.');
    expect((await agent.get('/api/user')).body.username).toBe(user.username);
    expect((await agent.get('/api/wallet')).body.balance).toBe(40);
  });

  it('answers 409 to a business whose pins still hold funds', async () => {
    // All of its funds are reserved by the pin (5 cards of $10): the balance itself is zero.
    const { agent } = await fundedBusiness(context, 50);
    await createTestPin(agent, store.starbucks, { value: 10, quantity: 5 });
    expect((await agent.get('/api/wallet')).body.balance).toBe(0);
    const response = await agent.post('/api/user/delete').send({ password: TEST_PASSWORD });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/Cancel them, then withdraw your balance/);
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('deletes a business without money, which can then no longer sign in', async () => {
    const { agent, user } = await fundedBusiness(context, 0);
    const response = await agent.post('/api/user/delete').send({ password: TEST_PASSWORD });
    expect(response.status).toBe(204);
    const login = await context
      .agent()
      .post('/api/login')
      .send({ identifier: user.username, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
  });

  it('erases the account, ends its sessions and keeps the money records', async () => {
    const ava = await consumerWithCard(context, store.starbucks);
    const ben = await signedInConsumer(context, { name: 'Ben Friend' });
    const cara = await signedInConsumer(context, { name: 'Cara Asks' });
    await befriend(ava, ben);
    // Ava gives her claimed card to Ben; Cara asks Ava for a gift.
    const gift = await ava.agent
      .post(`/api/gift-cards/${ava.card.id}/send`)
      .send({ recipientUsername: ben.user.username, message: 'For you' });
    expect(gift.status).toBe(201);
    const asked = await cara.agent
      .post('/api/gift-cards/request')
      .send({ username: ava.user.username });
    expect(asked.status).toBe(201);
    // A second card stays with Ava.
    const pin = await createTestPin(ava.business.agent, store.starbucks, { value: 15 });
    const kept = await ava.agent.post(`/api/pins/${pin}/claim`);
    expect(kept.status).toBe(201);

    const avaPost = await post(ava.agent, 'Ava post to vanish');
    const benPost = await post(ben.agent, 'Ben post stays');
    await ben.agent.post(`/api/posts/${avaPost}/comments`).send({ content: 'Ben on Ava' });
    await ava.agent.post(`/api/posts/${benPost}/comments`).send({ content: 'Ava on Ben' });
    await ava.agent.post(`/api/posts/${benPost}/like`);
    await ben.agent.post(`/api/posts/${benPost}/like`);
    const otherBrowser = await secondSession(ava.user.username);
    const transactionsBefore = await rows<{ id: number }>(
      sql`select id from ledger_transactions where user_id = ${ava.user.id} order by id`,
    );

    const response = await ava.agent.post('/api/user/delete').send({ password: TEST_PASSWORD });

    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    // Both of Ava's sessions are signed out; her old sign-in no longer works.
    expect((await ava.agent.get('/api/user')).status).toBe(401);
    expect((await otherBrowser.get('/api/user')).status).toBe(401);
    const login = await context
      .agent()
      .post('/api/login')
      .send({ identifier: ava.user.username, password: TEST_PASSWORD });
    expect(login.status).toBe(401);
    expect(
      await rows(
        sql`select 1 from session where sess -> 'passport' -> 'user' ->> 'id' = ${String(ava.user.id)}`,
      ),
    ).toEqual([]);

    // Nobody finds her any more, by her old name or her new one.
    const placeholder = `deleted-${ava.user.id}`;
    for (const username of [ava.user.username, placeholder]) {
      expect((await request(context.app).get(`/api/user/profile/${username}`)).status).toBe(404);
      expect((await ben.agent.post('/api/friends/request').send({ username })).status).toBe(404);
    }
    const search = await ben.agent.get('/api/users/search?q=deleted');
    expect(search.body.map((person: { id: number }) => person.id)).not.toContain(ava.user.id);

    // Her row holds nothing personal.
    const [erased] = await rows<Record<string, unknown>>(
      sql`select name, email, username, phone, profile_picture, password_hash, totp_secret,
                 deleted_at from users where id = ${ava.user.id}`,
    );
    expect(erased).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${ava.user.id}@invalid`,
      username: placeholder,
      phone: null,
      profile_picture: null,
      totp_secret: null,
    });
    expect(erased!.password_hash).not.toMatch(/^scrypt\$/);
    expect(erased!.deleted_at).not.toBeNull();

    // Her posts are gone with what was on them; what she did on Ben's post is undone.
    const feed = await ben.agent.get('/api/posts');
    const contents = feed.body.map((item: { content: string }) => item.content);
    expect(contents).not.toContain('Ava post to vanish');
    const benOnFeed = feed.body.find((item: { id: number }) => item.id === benPost);
    expect(benOnFeed).toMatchObject({ likes: 1 });
    expect(await rows(sql`select 1 from post_comments where user_id = ${ava.user.id}`)).toEqual([]);
    expect(
      await rows<{ comment_count: number; like_count: number }>(
        sql`select comment_count, like_count from posts where id = ${benPost}`,
      ),
    ).toEqual([{ comment_count: 0, like_count: 1 }]);

    // Friendships, notifications and the request to her are gone or closed.
    expect((await ben.agent.get('/api/friends')).body).toEqual([]);
    expect(
      await rows(sql`select 1 from notifications where recipient_id = ${ava.user.id}`),
    ).toEqual([]);
    expect(await rows(sql`select status from gift_requests where id = ${asked.body.id}`)).toEqual([
      { status: 'declined' },
    ]);
    // Ben's notification of her gift stays, naming her no more; her friend request to him goes.
    const benNotifications = await ben.agent.get('/api/consumer/notifications');
    const benTypes = benNotifications.body.map((item: { type: string }) => item.type);
    expect(benTypes).not.toContain('friend_request_received');
    expect(benNotifications.body).toContainEqual(
      expect.objectContaining({
        type: 'gift_received',
        message: 'You received a $10.00 gift card from Deleted user',
        senderName: 'Deleted user',
      }),
    );
    expect(JSON.stringify(benNotifications.body)).not.toContain('Casey Consumer');
    // The words she wrote on her gift go with her: from the card, its history and the gift.
    const benWallet = await ben.agent.get('/api/gift-cards/consumer/wallet');
    expect(benWallet.body).toContainEqual(
      expect.objectContaining({ id: ava.card.id, message: '' }),
    );
    const history = await ben.agent.get(`/api/gift-cards/${ava.card.id}/history`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain('For you');
    expect(JSON.stringify(history.body)).not.toContain('Casey Consumer');
    expect(await rows(sql`select message from gifts where sender_id = ${ava.user.id}`)).toEqual([
      { message: '' },
    ]);

    // The business she claimed from keeps its lead, without her name or her contact details.
    expect(
      await rows(
        sql`select name, email, phone, consumer_id from leads
            where business_id = ${ava.business.user.id}`,
      ),
    ).toEqual([{ name: 'Deleted user', email: '', phone: '', consumer_id: null }]);

    // The money stays where it was: her ledger rows and cards, Ben's gift with its value.
    expect(await checkLedger(context.database.db)).toEqual(healthyLedger);
    expect(
      await rows<{ id: number }>(
        sql`select id from ledger_transactions where user_id = ${ava.user.id} order by id`,
      ),
    ).toEqual(transactionsBefore);
    expect(await rows(sql`select id from gift_cards where owner_id = ${ava.user.id}`)).toEqual([
      { id: kept.body.giftCard.id },
    ]);
    const benHistory = await ben.agent.get('/api/wallet/transactions');
    expect(benHistory.body).toEqual([
      expect.objectContaining({
        kind: 'gift_received',
        amount: 10,
        description: 'Starbucks gift card from Deleted user',
      }),
    ]);
    const benCards = await ben.agent.get('/api/gift-cards/consumer/wallet');
    expect(benCards.body).toEqual([
      expect.objectContaining({ id: ava.card.id, balance: 10, sender_name: 'Deleted user' }),
    ]);

    // And the deleted account cannot act again, even with a cookie it kept.
    expect(
      (await ava.agent.post('/api/user/delete').send({ password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});
