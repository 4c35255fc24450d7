import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConversationSummary, type Message, MESSAGE_MESSAGES } from '@shared/schema/messages';
import { type NotificationItem } from '@shared/schema/notifications';
import { queryRows } from '../db/query-rows';
import { consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { consumerWithCard, signedInConsumer } from '../testing/gift-cards';
import { PNG_PIXEL } from '../testing/images';
import { pageLinks, totalCount } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { insertTestStores } from '../testing/stores';
import { startSecondInstance } from '../testing/second-instance';
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

type Person = Awaited<ReturnType<typeof signedInConsumer>>;

const person = (name: string) => signedInConsumer(context, { name });

async function befriend(a: Person, b: Person): Promise<number> {
  const asked = await a.agent.post('/api/friends/request').send({ username: b.user.username });
  expect(asked.status).toBe(201);
  await b.agent
    .post('/api/friends/respond')
    .send({ friendshipId: asked.body.friendshipId, action: 'accept' })
    .expect(200);
  return asked.body.friendshipId as number;
}

async function friends(nameA = 'Ada Lovelace', nameB = 'Ben Carter') {
  const a = await person(nameA);
  const b = await person(nameB);
  const friendshipId = await befriend(a, b);
  return { a, b, friendshipId };
}

const send = (from: Person, to: Person, text: string, clientId: string = randomUUID()) =>
  from.agent.post(`/api/messages/${to.user.username}`).send({ clientId, text });

async function sent(from: Person, to: Person, text: string): Promise<Message> {
  const response = await send(from, to, text);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Message;
}

async function thread(reader: Person, other: Person, query = ''): Promise<Message[]> {
  const response = await reader.agent.get(`/api/messages/${other.user.username}${query}`);
  expect(response.status).toBe(200);
  return response.body as Message[];
}

async function conversations(who: Person): Promise<ConversationSummary[]> {
  const response = await who.agent.get('/api/messages');
  expect(response.status).toBe(200);
  return response.body as ConversationSummary[];
}

const unread = async (who: Person) =>
  (await who.agent.get('/api/messages/unread-count').expect(200)).body.count as number;

describe('POST /api/messages/:username (friends only)', () => {
  it('a friend sends a message; both see it in the thread, the recipient as not from them', async () => {
    const { a, b } = await friends();
    const clientId = randomUUID();
    const response = await send(a, b, '  Hi Ben!\nHow are you?  ', clientId);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      clientId,
      fromMe: true,
      sender: { username: a.user.username, name: 'Ada Lovelace', avatar: null },
      text: 'Hi Ben!\nHow are you?',
      imageUrl: null,
      giftCard: null,
      createdAt: expect.any(String),
      deleted: false,
    });
    const seen = await thread(b, a);
    expect(seen).toEqual([{ ...response.body, fromMe: false }]);
    expect(await thread(a, b)).toEqual([response.body]);
  });

  it('refuses someone who is not a friend, and hides any conversation from them (404)', async () => {
    const a = await person('Ada Lovelace');
    const stranger = await person('Sam Stranger');
    const refused = await send(stranger, a, 'hello');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGE_MESSAGES.friendsOnly);
    expect((await stranger.agent.get(`/api/messages/${a.user.username}`)).status).toBe(404);
    expect((await a.agent.get(`/api/messages/${stranger.user.username}`)).status).toBe(404);
    expect((await send(a, stranger, 'hi')).status).toBe(403);
    expect(await conversations(a)).toEqual([]);
    // A name no account has, and my own: 404 as well.
    expect((await a.agent.get('/api/messages/nobody-at-all')).status).toBe(404);
    expect((await a.agent.get(`/api/messages/${a.user.username}`)).status).toBe(404);
    expect((await context.agent().get(`/api/messages/${a.user.username}`)).status).toBe(401);
  });

  it('a friend with no messages yet has an empty thread that is open for messages', async () => {
    const { a, b } = await friends();
    expect(await thread(a, b)).toEqual([]);
    // The name in any letter case names the same person.
    const shouted = await a.agent.get(`/api/messages/${b.user.username.toUpperCase()}`);
    expect([shouted.status, shouted.body]).toEqual([200, []]);
    const info = await a.agent.get(`/api/messages/${b.user.username}/info`).expect(200);
    expect(info.body).toEqual({
      username: b.user.username,
      name: 'Ben Carter',
      avatar: null,
      canMessage: true,
      seenUpTo: null,
    });
  });

  it('empty, overlong and NUL-containing text, a bad clientId and a foreign image are 400 and store nothing', async () => {
    const { a, b } = await friends();
    const cases: Array<[object, string]> = [
      [{ clientId: randomUUID(), text: '   ' }, 'Write a message'],
      [
        { clientId: randomUUID(), text: 'x'.repeat(2001) },
        'Messages can be at most 2,000 characters',
      ],
      [{ clientId: randomUUID(), text: 'a\u0000b' }, MESSAGE_MESSAGES.textNul],
      [{ clientId: 'not-a-uuid', text: 'hi' }, MESSAGE_MESSAGES.clientIdInvalid],
      [
        { clientId: randomUUID(), text: 'hi', imageUrl: 'https://evil.example/x.png' },
        MESSAGE_MESSAGES.imageInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await a.agent.post(`/api/messages/${b.user.username}`).send(body);
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await thread(a, b)).toEqual([]);
    // Exactly 2,000 characters is fine.
    expect((await send(a, b, 'y'.repeat(2000))).status).toBe(201);
  });

  it("carries an image the sender uploaded here, and refuses someone else's upload", async () => {
    const { a, b } = await friends();
    const upload = await a.agent
      .post('/api/uploads')
      .field('purpose', 'post')
      .attach('file', PNG_PIXEL, 'pixel.png');
    expect(upload.status).toBe(201);
    const url = upload.body.url as string;
    const withImage = await a.agent
      .post(`/api/messages/${b.user.username}`)
      .send({ clientId: randomUUID(), text: 'look', imageUrl: url });
    expect(withImage.status).toBe(201);
    expect(withImage.body.imageUrl).toBe(url);
    const stolen = await b.agent
      .post(`/api/messages/${a.user.username}`)
      .send({ clientId: randomUUID(), text: 'mine now', imageUrl: url });
    expect(stolen.status).toBe(400);
  });

  it('is idempotent by clientId: a retry answers the first message with 200 and stores one', async () => {
    const { a, b } = await friends();
    const clientId = randomUUID();
    const first = await send(a, b, 'only once', clientId);
    expect(first.status).toBe(201);
    const retry = await send(a, b, 'only once', clientId);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await thread(b, a)).toHaveLength(1);
    // Both at once: still one.
    const clientId2 = randomUUID();
    const both = await Promise.all([
      send(a, b, 'twice', clientId2),
      send(a, b, 'twice', clientId2),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    expect(await thread(b, a)).toHaveLength(2);
  });

  it('a removed friend: the thread stays readable but is closed for new messages', async () => {
    const { a, b, friendshipId } = await friends();
    await sent(a, b, 'before');
    await a.agent.delete(`/api/friends/${friendshipId}`).expect(204);
    const refused = await send(b, a, 'after');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGE_MESSAGES.threadClosed);
    expect((await thread(b, a)).map((message) => message.text)).toEqual(['before']);
    const [summary] = await conversations(b);
    expect(summary).toMatchObject({ username: a.user.username, canMessage: false });
    expect((await b.agent.post(`/api/messages/${a.user.username}/typing`)).status).toBe(403);
  });
});

describe('blocking', () => {
  it('stops messages, friend requests and gifts from the blocked person, who hears what a non-friend hears', async () => {
    const { a, b } = await friends();
    await sent(a, b, 'hi');
    await b.agent.post(`/api/users/${a.user.username}/block`).expect(204);
    // Blocking twice is the same as once.
    await b.agent.post(`/api/users/${a.user.username}/block`).expect(204);
    const blocked = await b.agent.get('/api/users/blocked').expect(200);
    expect(blocked.body).toEqual([
      {
        username: a.user.username,
        name: 'Ada Lovelace',
        avatar: null,
        blockedAt: expect.any(String),
      },
    ]);

    // The friendship ended; A's answers are those of a removed friend, never 'blocked'.
    const refused = await send(a, b, 'are you there?');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MESSAGE_MESSAGES.threadClosed);
    expect(JSON.stringify(refused.body)).not.toMatch(/block/i);
    expect((await send(b, a, 'bye')).status).toBe(403);
    expect((await a.agent.get('/api/friends')).body).toEqual([]);

    const request = await a.agent.post('/api/friends/request').send({ username: b.user.username });
    expect(request.status).toBe(404);
    expect(request.body.message).toBe('User not found');

    const holder = await consumerWithCard(context, store.starbucks);
    await holder.agent.post(`/api/users/${b.user.username}/block`).expect(204);
    const gift = await holder.agent
      .post(`/api/gift-cards/${holder.card.id}/send`)
      .send({ recipientUsername: b.user.username, message: '' });
    expect(gift.status).toBe(404);
    expect(gift.body.message).toBe('User not found');

    await b.agent.delete(`/api/users/${a.user.username}/block`).expect(204);
    expect((await b.agent.get('/api/users/blocked')).body).toEqual([]);
    // Unblocking does not bring the friendship back, but requests work again.
    expect(
      (await a.agent.post('/api/friends/request').send({ username: b.user.username })).status,
    ).toBe(201);
  });

  it('leaves the blocked person out of friend suggestions, both ways', async () => {
    const me = await person('Mo Blocker');
    const common = await person('Cal Common');
    const other = await person('Oz Other');
    await befriend(me, common);
    await befriend(common, other);
    const suggested = async (who: Person) =>
      ((await who.agent.get('/api/friends/suggested')).body as Array<{ username: string }>).map(
        (item) => item.username,
      );
    expect(await suggested(me)).toContain(other.user.username);
    await me.agent.post(`/api/users/${other.user.username}/block`).expect(204);
    expect(await suggested(me)).not.toContain(other.user.username);
    expect(await suggested(other)).not.toContain(me.user.username);
  });

  it('leaves the blocked person out of the people search, both ways, until unblocked', async () => {
    const me = await person('Mo Searcher');
    const other = await person('Oz Searched');
    const found = async (who: Person, q: string) =>
      ((await who.agent.get('/api/users/search').query({ q })).body as Array<{ id: number }>).map(
        (item) => item.id,
      );
    expect(await found(me, other.user.username)).toContain(other.user.id);
    await me.agent.post(`/api/users/${other.user.username}/block`).expect(204);
    expect(await found(me, other.user.username)).not.toContain(other.user.id);
    expect(await found(other, me.user.username)).not.toContain(me.user.id);
    // The Pin Board's people search reads the same list.
    const board = await other.agent.get('/api/friends/search').query({ query: me.user.username });
    expect(JSON.stringify(board.body)).not.toContain(me.user.username);
    await me.agent.delete(`/api/users/${other.user.username}/block`).expect(204);
    expect(await found(me, other.user.username)).toContain(other.user.id);
  });

  it('cannot block yourself or someone who does not exist', async () => {
    const a = await person('Ada Lovelace');
    expect((await a.agent.post(`/api/users/${a.user.username}/block`)).status).toBe(400);
    expect((await a.agent.post('/api/users/no-such-person/block')).status).toBe(404);
    expect((await context.agent().get('/api/users/blocked')).status).toBe(401);
  });
});

describe('read state and unread counts', () => {
  it('counts what the other person sent and I have not read; reading moves forward only and shows as Seen', async () => {
    const { a, b } = await friends();
    const first = await sent(a, b, 'one');
    const second = await sent(a, b, 'two\nsecond line');
    expect(await unread(b)).toBe(2);
    expect(await unread(a)).toBe(0);
    const [summary] = await conversations(b);
    expect(summary).toEqual({
      username: a.user.username,
      name: 'Ada Lovelace',
      avatar: null,
      lastMessage: {
        text: 'two',
        sentAt: second.createdAt,
        fromMe: false,
        deleted: false,
        hasImage: false,
        hasGiftCard: false,
      },
      unreadCount: 2,
      canMessage: true,
      updatedAt: expect.any(String),
    });

    await b.agent
      .post(`/api/messages/${a.user.username}/read`)
      .send({ upTo: first.id })
      .expect(204);
    expect(await unread(b)).toBe(1);
    const info = await a.agent.get(`/api/messages/${b.user.username}/info`).expect(200);
    expect(info.body.seenUpTo).toBe(first.id);

    await b.agent
      .post(`/api/messages/${a.user.username}/read`)
      .send({ upTo: second.id })
      .expect(204);
    // Back to an older message: the read position stays.
    await b.agent
      .post(`/api/messages/${a.user.username}/read`)
      .send({ upTo: first.id })
      .expect(204);
    expect(await unread(b)).toBe(0);
    expect((await a.agent.get(`/api/messages/${b.user.username}/info`)).body.seenUpTo).toBe(
      second.id,
    );

    const bad = await b.agent.post(`/api/messages/${a.user.username}/read`).send({ upTo: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGE_MESSAGES.upToInvalid);
  });

  it('lists conversations by newest activity first, with X-Total-Count', async () => {
    const me = await person('Mia Me');
    const first = await person('Fay First');
    const second = await person('Sid Second');
    await befriend(me, first);
    await befriend(me, second);
    await sent(first, me, 'older');
    await sent(second, me, 'newer');
    expect((await conversations(me)).map((item) => item.name)).toEqual(['Sid Second', 'Fay First']);
    await sent(me, first, 'back to you');
    const answer = await me.agent.get('/api/messages?limit=1');
    expect(answer.body.map((item: ConversationSummary) => item.name)).toEqual(['Fay First']);
    expect(totalCount(answer)).toBe(2);
    expect(pageLinks(answer).next).toContain('page=2');
  });

  it('notifies the recipient once per unread conversation, and not while they have it open', async () => {
    const { a, b } = await friends();
    const messageNotifications = async () =>
      (
        (await b.agent.get('/api/consumer/notifications?limit=100')).body as NotificationItem[]
      ).filter((item) => item.type === 'message_received');
    const first = await sent(a, b, 'hello');
    await sent(a, b, 'again');
    const waiting = await messageNotifications();
    expect(waiting).toEqual([
      expect.objectContaining({ message: 'Ada Lovelace sent you a message', read: false }),
    ]);
    // Reading the conversation marks it read and counts as having it open.
    await b.agent
      .post(`/api/messages/${a.user.username}/read`)
      .send({ upTo: first.id })
      .expect(204);
    expect((await messageNotifications()).map((item) => item.read)).toEqual([true]);
    await sent(a, b, 'while you look');
    expect(await messageNotifications()).toHaveLength(1);
    // Once the conversation is no longer open, a new message notifies again.
    await context.database.db.execute(
      sql`update conversation_participants set viewing_until = now() - interval '1 second'`,
    );
    await sent(a, b, 'are you still there?');
    expect(await messageNotifications()).toHaveLength(2);
  });
});

describe('GET /api/messages/:username paging', () => {
  it('pages back with `cursor`, stable while new messages arrive', async () => {
    const { a, b } = await friends();
    const texts = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
    for (const text of texts) await sent(a, b, text);
    const first = await b.agent.get(`/api/messages/${a.user.username}?limit=3`).expect(200);
    expect(first.body.map((message: Message) => message.text)).toEqual(['m7', 'm6', 'm5']);
    const next = pageLinks(first).next;
    expect(next).toMatch(/cursor=\d+/);
    // New messages arrive before the reader loads older ones.
    await sent(a, b, 'm8');
    await sent(b, a, 'm9');
    const second = await b.agent.get(next!).expect(200);
    expect(second.body.map((message: Message) => message.text)).toEqual(['m4', 'm3', 'm2']);
    const third = await b.agent.get(pageLinks(second).next!).expect(200);
    expect(third.body.map((message: Message) => message.text)).toEqual(['m1']);
    expect(pageLinks(third).next).toBeNull();
    // Exactly `limit` left: a full page with no next link.
    const m1 = third.body[0].id;
    const exact = await b.agent.get(`/api/messages/${a.user.username}?limit=1&cursor=${m1 + 1}`);
    expect(exact.body.map((message: Message) => message.text)).toEqual(['m1']);
    expect(pageLinks(exact).next).toBeNull();
    // Before the first message: an empty page.
    const none = await b.agent.get(`/api/messages/${a.user.username}?cursor=${m1}`).expect(200);
    expect([none.body, pageLinks(none).next]).toEqual([[], null]);
    // A stranger paging back is told no more than on the first page.
    const stranger = await person('Sam Stranger');
    const hidden = await stranger.agent.get(`/api/messages/${a.user.username}?cursor=${m1 + 5}`);
    expect(hidden.status).toBe(404);
    expect((await b.agent.get(`/api/messages/${a.user.username}?cursor=abc`)).status).toBe(400);
  });
});

describe('DELETE /api/messages/:username/:id', () => {
  it('deletes my own message for everyone within 15 minutes, and only mine', async () => {
    const { a, b } = await friends();
    const message = await sent(a, b, 'oops');
    const notMine = await b.agent.delete(`/api/messages/${a.user.username}/${message.id}`);
    expect(notMine.status).toBe(403);
    expect(notMine.body.message).toBe(MESSAGE_MESSAGES.deleteNotOwn);
    await a.agent.delete(`/api/messages/${b.user.username}/${message.id}`).expect(204);
    const [seen] = await thread(b, a);
    expect(seen).toMatchObject({ id: message.id, deleted: true, text: '', imageUrl: null });
    const [summary] = await conversations(b);
    expect(summary!.lastMessage).toMatchObject({ text: '', deleted: true });

    const old = await sent(a, b, 'too late');
    await context.database.db.execute(
      sql`update messages set created_at = now() - interval '16 minutes' where id = ${old.id}`,
    );
    const late = await a.agent.delete(`/api/messages/${b.user.username}/${old.id}`);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('Messages can only be deleted within 15 minutes');
    expect((await thread(b, a))[0]).toMatchObject({ text: 'too late', deleted: false });

    // Someone else's conversation: its message is not found.
    const c = await person('Cy Other');
    await befriend(c, a);
    expect((await c.agent.delete(`/api/messages/${a.user.username}/${old.id}`)).status).toBe(404);
  });
});

describe('POST /api/messages/:username/:id/report', () => {
  it('stores one open report per reporter and message', async () => {
    const { a, b } = await friends();
    const message = await sent(a, b, 'rude words');
    const report = await b.agent
      .post(`/api/messages/${a.user.username}/${message.id}/report`)
      .send({ reason: 'harassment' });
    expect(report.status).toBe(201);
    expect(report.body).toEqual({ id: expect.any(Number), status: 'open' });
    const again = await b.agent
      .post(`/api/messages/${a.user.username}/${message.id}/report`)
      .send({ reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already reported this message');
    const own = await a.agent
      .post(`/api/messages/${b.user.username}/${message.id}/report`)
      .send({ reason: 'spam' });
    expect(own.status).toBe(400);
    const noReason = await b.agent
      .post(`/api/messages/${a.user.username}/${message.id}/report`)
      .send({});
    expect(noReason.status).toBe(400);
    const stranger = await person('Sam Stranger');
    expect(
      (
        await stranger.agent
          .post(`/api/messages/${a.user.username}/${message.id}/report`)
          .send({ reason: 'spam' })
      ).status,
    ).toBe(404);
  });
});

describe('gifts in the thread', () => {
  it('a card sent to a friend appears in their conversation', async () => {
    const holder = await consumerWithCard(context, store.starbucks);
    const friend = await person('Gia Friend');
    await befriend(holder, friend);
    await holder.agent
      .post(`/api/gift-cards/${holder.card.id}/send`)
      .send({ recipientUsername: friend.user.username, message: 'Coffee on me' })
      .expect(201);
    const [message] = await thread(friend, holder);
    expect(message).toMatchObject({
      fromMe: false,
      text: 'Coffee on me',
      giftCard: { id: holder.card.id, brand: 'Starbucks', value: 10 },
    });
  });
});

describe('buying a card for a friend', () => {
  it("a signed-in buyer's card shows in the thread; a blocked buyer is refused as for no such user", async () => {
    const { a, b } = await friends('Bea Buyer', 'Rex Recipient');
    const buy = async (buyer: Person, recipient: Person) =>
      buyer.agent.post('/api/gift-cards/guest').send({
        recipientUsername: recipient.user.username,
        brand: 'starbucks',
        value: 25,
        message: 'Happy birthday',
        senderEmail: 'bea@example.com',
        paymentToken: await cardToken(context),
      });
    expect((await buy(a, b)).status).toBe(201);
    const [message] = await thread(b, a);
    expect(message).toMatchObject({
      fromMe: false,
      text: 'Happy birthday',
      giftCard: { brand: 'Starbucks', value: 25 },
    });

    await b.agent.post(`/api/users/${a.user.username}/block`).expect(204);
    const refused = await buy(a, b);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('User not found');
    expect(await thread(b, a)).toHaveLength(1);
  });
});

describe('downloading my data', () => {
  it('includes the messages I wrote and the people I blocked, not what others wrote to me', async () => {
    const { a, b } = await friends('Eve Exporter', 'Fin Friend');
    await sent(a, b, 'words of mine');
    await sent(b, a, 'words of theirs');
    const stranger = await person('Sly Stranger');
    await a.agent.post(`/api/users/${stranger.user.username}/block`).expect(204);
    const response = await a.agent.get('/api/user/export').expect(200);
    expect(response.body.messagesSent).toEqual([
      {
        id: expect.any(Number),
        to: { username: b.user.username, name: 'Fin Friend' },
        text: 'words of mine',
        imageUrl: null,
        deleted: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(response.body.blocked).toEqual([
      { username: stranger.user.username, name: 'Sly Stranger' },
    ]);
    expect(response.text).not.toContain('words of theirs');
  });
});

describe('deleting an account', () => {
  it('blanks the words and images it sent; the other person no longer reaches the thread', async () => {
    const { a, b } = await friends('Dee Departing', 'Stu Staying');
    const message = await sent(a, b, 'my words');
    await a.agent.post('/api/user/delete').send({ password: TEST_PASSWORD }).expect(204);
    const [row] = await queryRows<{ text: string; deleted: boolean }>(
      context.database.db,
      sql`select text, deleted_at is not null as deleted from messages where id = ${message.id}`,
    );
    expect(row).toEqual({ text: '', deleted: true });
    expect(await conversations(b)).toEqual([]);
    expect((await b.agent.get(`/api/messages/${a.user.username}`)).status).toBe(404);
  });
});

/** Opens the SSE stream on `port` and collects its events by name. */
function openStream(port: number, cookie: string) {
  const events: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  let resolveOpened!: () => void;
  const opened = new Promise<void>((resolve) => {
    resolveOpened = resolve;
  });
  const request = http.get(
    { port, path: '/api/notifications/stream', headers: { cookie } },
    (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(': connected')) resolveOpened();
        let match: RegExpExecArray | null;
        while ((match = /event: (\S+)\ndata: (.*)\n\n/.exec(buffer))) {
          events.push({ event: match[1]!, data: JSON.parse(match[2]!) });
          buffer = buffer.slice(match.index + match[0].length);
          for (const wake of waiters.splice(0)) wake();
        }
      });
    },
  );
  const next = async (name: string) => {
    for (;;) {
      const found = events.find((item) => item.event === name);
      if (found) {
        events.splice(events.indexOf(found), 1);
        return found.data;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { opened, next, close: () => request.destroy() };
}

describe('live events across instances', () => {
  it('a message sent through instance A reaches a stream open on instance B within a second, then receipts, typing and deletion', async () => {
    const instanceB = await startSecondInstance(context);
    try {
      const port = instanceB.port;
      const recipientAgent = context.agent();
      const recipient = await registerAs(recipientAgent, consumerInput({ name: 'Rita Recipient' }));
      const login = await context
        .agent()
        .post('/api/login')
        .send({ identifier: recipient.username, password: TEST_PASSWORD });
      const cookie = (login.headers['set-cookie'] as unknown as string[])
        .map((value) => value.split(';')[0])
        .join('; ');
      const rita = { agent: recipientAgent, user: recipient } as Person;
      const sam = await person('Sam Sender');
      await befriend(sam, rita);

      const stream = openStream(port, cookie);
      await stream.opened;
      const startedAt = Date.now();
      const message = await sent(sam, rita, 'live!');
      const event = await stream.next('message');
      expect(Date.now() - startedAt).toBeLessThan(1000);
      expect(event).toEqual({
        username: sam.user.username,
        message: { ...message, fromMe: false },
      });
      // The notification event is unchanged beside the new ones.
      expect(await stream.next('notification')).toMatchObject({ type: 'message_received' });

      await sam.agent.post(`/api/messages/${rita.user.username}/typing`).expect(204);
      expect(await stream.next('typing')).toEqual({ username: sam.user.username });

      await sam.agent.delete(`/api/messages/${rita.user.username}/${message.id}`).expect(204);
      expect(await stream.next('message-deleted')).toEqual({
        username: sam.user.username,
        id: message.id,
      });

      // Rita's own read shows on Sam's side, not hers; Sam reading shows on hers.
      const mine = await sent(rita, sam, 'hi back');
      expect(await stream.next('message')).toMatchObject({
        username: sam.user.username,
        message: { id: mine.id, fromMe: true },
      });
      await sam.agent
        .post(`/api/messages/${rita.user.username}/read`)
        .send({ upTo: mine.id })
        .expect(204);
      expect(await stream.next('message-read')).toEqual({
        username: sam.user.username,
        upTo: mine.id,
      });
      stream.close();
    } finally {
      await instanceB.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message past the per-account limit of sends', async () => {
    const limited = await createTestContext({ rateLimits: { messagesPerMinute: 2 } });
    try {
      const a = { agent: limited.agent() };
      const ada = await registerAs(a.agent, consumerInput({ name: 'Ada Lovelace' }));
      const benAgent = limited.agent();
      const ben = await registerAs(benAgent, consumerInput({ name: 'Ben Carter' }));
      const asked = await a.agent.post('/api/friends/request').send({ username: ben.username });
      await benAgent
        .post('/api/friends/respond')
        .send({ friendshipId: asked.body.friendshipId, action: 'accept' })
        .expect(200);
      const post = () =>
        a.agent.post(`/api/messages/${ben.username}`).send({ clientId: randomUUID(), text: 'hi' });
      expect((await post()).status).toBe(201);
      expect((await post()).status).toBe(201);
      const third = await post();
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(MESSAGE_MESSAGES.rateLimited);
      // Ben is not limited by Ada's sends.
      expect(
        (
          await benAgent
            .post(`/api/messages/${ada.username}`)
            .send({ clientId: randomUUID(), text: 'hello' })
        ).status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
