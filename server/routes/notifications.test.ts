import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type NotificationItem } from '@shared/schema/notifications';
import { createAppServer } from '../lib/app-server';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { consumerWithCard, signedInConsumer } from '../testing/gift-cards';
import { pageLinks, totalCount } from '../testing/page-headers';
import { spendAtCounter } from '../testing/redemptions';
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

type Agent = ReturnType<TestContext['agent']>;

async function notificationsOf(agent: Agent, role: 'consumer' | 'business' = 'consumer') {
  const response = await agent.get(`/api/${role}/notifications?limit=100`);
  expect(response.status).toBe(200);
  return response.body as NotificationItem[];
}

const ofType = (items: NotificationItem[], type: NotificationItem['type']) =>
  items.filter((item) => item.type === type);

describe('events write notifications', () => {
  it('welcomes a new user with a Complete Profile system notification', async () => {
    const { agent } = await signedInConsumer(context);
    const items = await notificationsOf(agent);
    expect(items).toEqual([
      expect.objectContaining({
        type: 'system',
        read: false,
        referenceType: 'profile',
        senderName: 'Someone',
      }),
    ]);
  });

  it('friend request received and accepted, each once, to the right person', async () => {
    const ada = await signedInConsumer(context, { name: 'Ada Lovelace' });
    const bob = await signedInConsumer(context, { name: 'Bob Builder' });
    const asked = await ada.agent
      .post('/api/friends/request')
      .send({ username: bob.user.username });
    const received = ofType(await notificationsOf(bob.agent), 'friend_request_received');
    expect(received).toEqual([
      expect.objectContaining({
        message: 'Ada Lovelace sent you a friend request',
        senderName: 'Ada Lovelace',
        senderUsername: ada.user.username,
        receiverName: 'Bob Builder',
        referenceType: 'friendship',
        referenceId: asked.body.friendshipId,
      }),
    ]);
    await bob.agent
      .post('/api/friends/respond')
      .send({ friendshipId: asked.body.friendshipId, action: 'accept' });
    expect(ofType(await notificationsOf(ada.agent), 'friend_request_accepted')).toEqual([
      expect.objectContaining({ message: 'Bob Builder accepted your friend request' }),
    ]);
    expect(ofType(await notificationsOf(bob.agent), 'friend_request_accepted')).toEqual([]);
  });

  it('gift received from a consumer and from a guest, gift requested, mention', async () => {
    const giver = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context, { name: 'Frankie Friend' });
    await giver.agent
      .post(`/api/gift-cards/${giver.card.id}/send`)
      .send({ recipientUsername: friend.user.username })
      .expect(201);
    await context
      .agent()
      .post('/api/gift-cards/guest')
      .send({
        recipientUsername: friend.user.username,
        brand: 'dunkin',
        value: 25,
        senderEmail: 'uncle.joe@example.com',
        paymentToken: await cardToken(context),
      })
      .expect(201);
    const gifts = ofType(await notificationsOf(friend.agent), 'gift_received');
    expect(gifts.map((item) => item.message).sort()).toEqual([
      'You received a $10.00 gift card from Casey Consumer',
      'You received a $25.00 gift card from uncle.joe (not verified)',
    ]);
    expect(gifts.find((item) => item.amount === 10)).toMatchObject({
      referenceType: 'gift_card',
      referenceId: giver.card.id,
    });

    await friend.agent
      .post('/api/gift-cards/request')
      .send({ username: giver.user.username })
      .expect(201);
    expect(ofType(await notificationsOf(giver.agent), 'gift_request_received')).toEqual([
      expect.objectContaining({ message: 'Frankie Friend requested a gift card' }),
    ]);

    await friend.agent
      .post('/api/posts')
      .send({ content: `Thanks @${giver.user.username}!`, mentionedUserIds: [giver.user.id] })
      .expect(201);
    expect(ofType(await notificationsOf(giver.agent), 'post_mention')).toEqual([
      expect.objectContaining({ message: 'Frankie Friend mentioned you in a post' }),
    ]);
  });

  it('a claim creates a lead and tells the business; using the card tells it too', async () => {
    const { agent, business, card } = await consumerWithCard(context, store.starbucks);
    const businessItems = await notificationsOf(business.agent, 'business');
    const leads = ofType(businessItems, 'lead_created');
    expect(leads).toEqual([
      expect.objectContaining({
        message: 'Casey Consumer claimed your $10.00 Starbucks pin at Boylston & Mass Ave',
        referenceType: 'lead',
      }),
    ]);
    const leadList = await business.agent.get('/api/business/leads');
    expect(leadList.body[0]).toMatchObject({
      id: leads[0]!.referenceId,
      name: 'Casey Consumer',
      status: 'New',
      source: 'Pin: Starbucks $10.00 at Boylston & Mass Ave',
    });

    expect((await spendAtCounter(agent, card.id, business.agent, 4)).status).toBe(201);
    expect(ofType(await notificationsOf(business.agent, 'business'), 'gift_redeemed')).toEqual([
      expect.objectContaining({
        message: 'Casey Consumer used $4.00 of a Starbucks gift card from your pin',
        amount: 4,
      }),
    ]);
  });

  it('writes nothing for a kind the recipient switched off', async () => {
    const ada = await signedInConsumer(context);
    const bob = await signedInConsumer(context);
    const saved = await bob.agent
      .put('/api/notifications/preferences')
      .send({ preferences: [{ type: 'friend_request_received', inApp: false }] });
    expect(saved.body).toContainEqual(
      expect.objectContaining({ type: 'friend_request_received', inApp: false }),
    );
    await ada.agent.post('/api/friends/request').send({ username: bob.user.username });
    expect(ofType(await notificationsOf(bob.agent), 'friend_request_received')).toEqual([]);
    const bad = await bob.agent
      .put('/api/notifications/preferences')
      .send({ preferences: [{ type: 'spam', inApp: true }] });
    expect(bad.status).toBe(400);
  });

  // Found by the bad-input properties (server/testing/bad-input.ts): one upsert cannot change a
  // row twice, so a kind listed twice was a 500.
  it('refuses a kind listed twice with 400, changing nothing', async () => {
    const bob = await signedInConsumer(context);
    const twice = await bob.agent.put('/api/notifications/preferences').send({
      preferences: [
        { type: 'gift_redeemed', inApp: false },
        { type: 'gift_redeemed', inApp: true },
      ],
    });
    expect([twice.status, twice.body.message]).toEqual([
      400,
      'Each notification type can be listed once',
    ]);
    const saved = await bob.agent.get('/api/notifications/preferences');
    expect(saved.body.every((preference: { inApp: boolean }) => preference.inApp)).toBe(true);
  });
});

describe('reading notifications', () => {
  it('lists unread first, filters, counts, marks one and all read; never someone else’s', async () => {
    const ada = await signedInConsumer(context);
    const bob = await signedInConsumer(context);
    await bob.agent.post('/api/friends/request').send({ username: ada.user.username });
    const [first, second] = await notificationsOf(ada.agent);
    expect((await ada.agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 2 });

    const marked = await ada.agent.patch(`/api/notifications/${second!.id}/read`);
    expect(marked.body).toMatchObject({ id: second!.id, read: true });
    const ordered = await notificationsOf(ada.agent);
    expect(ordered.map((item) => item.read)).toEqual([false, true]);
    const unread = await ada.agent.get('/api/consumer/notifications?filter=unread');
    expect(unread.body.map((item: NotificationItem) => item.id)).toEqual([first!.id]);
    expect(totalCount(unread)).toBe(1);
    expect((await ada.agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });
    const read = await ada.agent.get('/api/consumer/notifications?filter=read');
    expect(read.body.map((item: NotificationItem) => item.id)).toEqual([second!.id]);
    expect(totalCount(read)).toBe(1);
    // Past the end, the page is empty and the count is still told.
    const past = await ada.agent.get('/api/consumer/notifications?filter=all&page=5&limit=1');
    expect(past.body).toEqual([]);
    expect(totalCount(past)).toBe(2);
    expect(pageLinks(past)).toEqual({
      next: null,
      prev: '/api/consumer/notifications?filter=all&page=2&limit=1',
    });
    expect((await ada.agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 1 });

    expect((await bob.agent.patch(`/api/notifications/${first!.id}/read`)).status).toBe(404);
    expect((await ada.agent.get('/api/consumer/notifications?filter=new')).status).toBe(400);
    await ada.agent.post('/api/notifications/read-all').expect(200);
    expect((await ada.agent.get('/api/notifications/unread-count')).body).toEqual({ unread: 0 });
  });

  it('each role reads its own endpoint (403 for the other) and needs a session (401)', async () => {
    const consumer = await signedInConsumer(context);
    const business = context.agent();
    await registerAs(business, businessInput());
    expect((await consumer.agent.get('/api/business/notifications')).status).toBe(403);
    expect((await business.get('/api/consumer/notifications')).status).toBe(403);
    expect((await business.get('/api/business/notifications')).status).toBe(200);
    for (const path of [
      '/api/consumer/notifications',
      '/api/notifications/unread-count',
      '/api/notifications/stream',
    ]) {
      expect((await context.agent().get(path)).status, path).toBe(401);
    }
  });
});

/** Opens the SSE stream on `port` with the session cookie, like a browser's EventSource. */
function openStream(port: number, cookie: string) {
  let resolveOpened!: () => void;
  let rejectOpened!: (error: Error) => void;
  let resolveItem!: (item: NotificationItem) => void;
  const opened = new Promise<void>((resolve, reject) => {
    resolveOpened = resolve;
    rejectOpened = reject;
  });
  const received = new Promise<NotificationItem>((resolve) => {
    resolveItem = resolve;
  });
  const request = http.get(
    { port, path: '/api/notifications/stream', headers: { cookie } },
    (response) => {
      if (response.statusCode !== 200) rejectOpened(new Error(`status ${response.statusCode}`));
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(': connected')) resolveOpened();
        const match = /event: notification\ndata: (.*)\n\n/.exec(buffer);
        if (match) resolveItem(JSON.parse(match[1]!) as NotificationItem);
      });
    },
  );
  request.on('error', (error) => rejectOpened(error));
  return { opened, received, close: () => request.destroy() };
}

describe('GET /api/notifications/stream', () => {
  it('pushes an event handled by instance A to a stream open on instance B within a second, and listens again after a failed start', async () => {
    // Instance B: another app on the same database (its own connection pool on Postgres).
    const instanceB = await startSecondInstance(context);
    const databaseB = instanceB.database;
    try {
      const port = instanceB.port;
      const recipientAgent = context.agent();
      const recipient = await registerAs(recipientAgent, consumerInput({ name: 'Rita Recipient' }));
      const login = await context
        .agent()
        .post('/api/login')
        .send({ identifier: recipient.username, password: 'correct-horse-9' });
      const cookie = (login.headers['set-cookie'] as unknown as string[])
        .map((value) => value.split(';')[0])
        .join('; ');

      const stream = openStream(port, cookie);
      await stream.opened;
      const sender = await signedInConsumer(context, { name: 'Sam Sender' });
      const startedAt = Date.now();
      await sender.agent
        .post('/api/friends/request')
        .send({ username: recipient.username })
        .expect(201);
      const item = await stream.received;
      expect(Date.now() - startedAt).toBeLessThan(1000);
      expect(item).toMatchObject({
        type: 'friend_request_received',
        message: 'Sam Sender sent you a friend request',
      });
      stream.close();

      // With the database unreachable when a stream opens on B, the stream answers 503 (it is
      // not kept failing): the next one listens again and delivers.
      await instanceB.app.locals.notificationHub.close();
      const listen = vi
        .spyOn(databaseB, 'listen')
        .mockRejectedValueOnce(
          Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
        );
      const refused = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get({ port, path: '/api/notifications/stream', headers: { cookie } }, (response) => {
            response.resume();
            resolve(response.statusCode);
          })
          .on('error', reject),
      );
      expect(refused).toBe(503);
      const again = openStream(port, cookie);
      await again.opened;
      const other = await signedInConsumer(context, { name: 'Olive Other' });
      await other.agent
        .post('/api/friends/request')
        .send({ username: recipient.username })
        .expect(201);
      expect(await again.received).toMatchObject({
        message: 'Olive Other sent you a friend request',
      });
      expect(listen).toHaveBeenCalledTimes(2);
      again.close();
    } finally {
      vi.restoreAllMocks();
      await instanceB.close();
    }
  });
});

describe('the live stream and grouped post notifications', () => {
  it('delivers the updated likes notification, the same one with its new text, on each like', async () => {
    const server = createAppServer(context.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const events: NotificationItem[] = [];
    let request: http.ClientRequest | undefined;
    try {
      const port = (server.address() as AddressInfo).port;
      const author = await signedInConsumer(context, { name: 'Ada Author' });
      const post = await author.agent.post('/api/posts').send({ content: 'live likes' });
      const login = await context
        .agent()
        .post('/api/login')
        .send({ identifier: author.user.username, password: 'correct-horse-9' });
      const cookie = (login.headers['set-cookie'] as unknown as string[])
        .map((value) => value.split(';')[0])
        .join('; ');
      await new Promise<void>((resolve, reject) => {
        request = http.get(
          { port, path: '/api/notifications/stream', headers: { cookie } },
          (response) => {
            let buffer = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              buffer += chunk;
              if (buffer.includes(': connected')) resolve();
              for (const match of buffer.matchAll(/event: notification\ndata: (.*)\n\n/g)) {
                events.push(JSON.parse(match[1]!) as NotificationItem);
              }
              buffer = buffer.replace(/event: notification\ndata: .*\n\n/g, '');
            });
          },
        );
        request.on('error', reject);
      });
      const likers = await Promise.all(
        ['Ava Able', 'Ben Baker'].map((name) => signedInConsumer(context, { name })),
      );
      const liked = (count: number) =>
        vi.waitFor(() => expect(events).toHaveLength(count), { timeout: 2000 });
      await likers[0]!.agent.post(`/api/posts/${post.body.id}/like`).expect(200);
      await liked(1);
      await likers[1]!.agent.post(`/api/posts/${post.body.id}/like`).expect(200);
      await liked(2);
      expect(events).toEqual([
        expect.objectContaining({ type: 'post_liked', message: 'Ava Able liked your post' }),
        expect.objectContaining({
          id: events[0]!.id,
          message: 'Ben Baker and Ava Able liked your post',
          read: false,
          referenceType: 'post',
          referenceId: post.body.id,
        }),
      ]);
      // The author's own like pushes nothing.
      await author.agent.post(`/api/posts/${post.body.id}/like`).expect(200);
      await likers[0]!.agent
        .post(`/api/posts/${post.body.id}/comments`)
        .send({ content: 'Great' })
        .expect(201);
      await liked(3);
      expect(events[2]).toMatchObject({
        type: 'post_commented',
        message: 'Ava Able commented on your post',
      });
    } finally {
      request?.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('live streams per account', () => {
  /** A stream as a browser tab holds it: whether it opened, ended, and what it was sent. */
  function tabStream(port: number, cookie: string) {
    const events: NotificationItem[] = [];
    let ended = false;
    let replaced = false;
    let request!: http.ClientRequest;
    const opened = new Promise<void>((resolve, reject) => {
      request = http.get(
        { port, path: '/api/notifications/stream', headers: { cookie } },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
          let buffer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            buffer += chunk;
            if (buffer.includes(': connected')) resolve();
            if (buffer.includes('event: replaced\n')) replaced = true;
            for (const match of buffer.matchAll(/event: notification\ndata: (.*)\n\n/g)) {
              events.push(JSON.parse(match[1]!) as NotificationItem);
            }
            buffer = buffer.replace(/event: notification\ndata: .*\n\n/g, '');
          });
          response.on('end', () => {
            ended = true;
          });
        },
      );
      request.on('error', reject);
    });
    return {
      opened,
      events,
      ended: () => ended,
      replaced: () => replaced,
      close: () => request.destroy(),
    };
  }

  const cookieOf = async (username: string) => {
    const login = await context
      .agent()
      .post('/api/login')
      .send({ identifier: username, password: 'correct-horse-9' });
    return (login.headers['set-cookie'] as unknown as string[])
      .map((value) => value.split(';')[0])
      .join('; ');
  };

  it("keeps at most 5 open per account: the 6th ends the account's oldest, another account's stay", async () => {
    const server = createAppServer(context.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const streams: Array<ReturnType<typeof tabStream>> = [];
    try {
      const port = (server.address() as AddressInfo).port;
      const ada = await signedInConsumer(context, { name: 'Ada Tabs' });
      const bea = await signedInConsumer(context, { name: 'Bea Tabs' });
      const adaCookie = await cookieOf(ada.user.username);
      const beaStream = tabStream(port, await cookieOf(bea.user.username));
      await beaStream.opened;
      streams.push(beaStream);
      const adaStreams: Array<ReturnType<typeof tabStream>> = [];
      for (let tab = 0; tab < 6; tab++) {
        const stream = tabStream(port, adaCookie);
        await stream.opened;
        adaStreams.push(stream);
        streams.push(stream);
      }
      // The server ended Ada's first; the five newest and Bea's one stay open.
      await vi.waitFor(() => expect(adaStreams[0]!.ended()).toBe(true), { timeout: 2000 });
      expect(adaStreams.map((stream) => stream.ended())).toEqual([
        true,
        false,
        false,
        false,
        false,
        false,
      ]);
      expect(beaStream.ended()).toBe(false);
      // Told why, so that its page polls rather than reconnecting and ending another tab's.
      expect(adaStreams.map((stream) => stream.replaced())).toEqual([
        true,
        false,
        false,
        false,
        false,
        false,
      ]);

      // And they still deliver: each of the five open ones gets Ada's next notification.
      const sender = await signedInConsumer(context, { name: 'Sam Tabs' });
      await sender.agent
        .post('/api/friends/request')
        .send({ username: ada.user.username })
        .expect(201);
      await vi.waitFor(
        () => {
          for (const stream of adaStreams.slice(1)) expect(stream.events).toHaveLength(1);
        },
        { timeout: 2000 },
      );
      expect(adaStreams[0]!.events).toEqual([]);
      await sender.agent
        .post('/api/friends/request')
        .send({ username: bea.user.username })
        .expect(201);
      await vi.waitFor(() => expect(beaStream.events).toHaveLength(1), { timeout: 2000 });

      // A seventh ends the oldest still open (the second).
      const seventh = tabStream(port, adaCookie);
      await seventh.opened;
      streams.push(seventh);
      await vi.waitFor(() => expect(adaStreams[1]!.ended()).toBe(true), { timeout: 2000 });
      expect([...adaStreams.slice(2), seventh].map((stream) => stream.ended())).toEqual([
        false,
        false,
        false,
        false,
        false,
      ]);
      expect(beaStream.ended()).toBe(false);
    } finally {
      for (const stream of streams) stream.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
