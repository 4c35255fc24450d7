import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiRoute } from '../lib/api-route';
import { businessInput, consumerInput, TEST_PASSWORD } from '../testing/factories';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { cardToken } from '../testing/payments';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

/**
 * The product's calls, each made as a caller allowed to make it with the payload the client
 * sends, and the answer checked against its contract: the status it lists, and a body its answer
 * schema reads (every list a JSON array of the contract's items) with no field the schema does
 * not describe. The client's types come from those schemas, so an answer that strays from them
 * is one the client misreads. The data is seeded so that every list has at least one item, as an
 * empty array would prove nothing about its items.
 */

type Agent = ReturnType<TestContext['agent']>;
type Person = { agent: Agent; user: { id: number; username: string } };
type Response = Awaited<ReturnType<Agent['get']>>;

/** What the seeding leaves for the rows to use. */
type World = {
  store: { id: number; lat: number; lng: number };
  /** A consumer with a card, a sent gift, friends, requests, a post and notifications. */
  consumer: Person;
  /** A funded business with pins, a lead (from the consumer's claim) and notifications. */
  business: Person;
  /** A consumer whose session the logout row ends. */
  leaving: Person;
  /** The consumer's friend, found by the searches. */
  friend: Person & { name: string };
  /** A consumer the friend-request row asks. */
  stranger: Person;
  /** A pending request to the consumer, which the respond row accepts. */
  requestToAnswer: number;
  /** The consumer's post, with a comment, which the like and comment rows act on. */
  post: number;
  /** Another of the consumer's posts, which the delete row removes. */
  postToDelete: number;
  /** A test card token: the guest's gift is paid for with it. */
  cardToken: string;
};

type Caller = 'guest' | 'consumer' | 'business' | 'leaving consumer';
type Method = 'GET' | 'POST' | 'DELETE';
type Row = {
  method: Method;
  /**
   * The call as the client makes it, query string included; `{name}` stands for a value of the
   * seeded world (see `PLACEHOLDERS`).
   */
  path: string;
  as: Caller;
  /** Tells rows of one call apart in the test's name. */
  note?: string;
  payload?: (world: World) => object;
  /** An answer that is not JSON (the contract's `raw`), checked on its own. */
  check?: (response: Response) => void;
};

const ROWS: Row[] = [
  { method: 'GET', path: '/api/user', as: 'consumer' },
  {
    method: 'POST',
    path: '/api/login',
    as: 'guest',
    payload: (w) => ({ identifier: w.leaving.user.username, password: TEST_PASSWORD }),
  },
  {
    method: 'POST',
    path: '/api/register',
    as: 'guest',
    note: 'for a consumer',
    payload: () => ({ ...consumerInput(), phone: '+15551234567' }),
  },
  {
    method: 'POST',
    path: '/api/register',
    as: 'guest',
    note: 'for a business',
    payload: () => businessInput(),
  },
  { method: 'POST', path: '/api/logout', as: 'leaving consumer', payload: () => ({}) },
  { method: 'GET', path: '/api/identifiers', as: 'guest' },
  { method: 'GET', path: '/api/brands', as: 'guest' },
  { method: 'GET', path: '/api/locations/brands', as: 'business' },
  { method: 'GET', path: '/api/locations/states?brand=starbucks', as: 'business' },
  { method: 'GET', path: '/api/locations/cities?brand=starbucks&state=MA', as: 'business' },
  {
    method: 'GET',
    path: '/api/locations/stores?brand=starbucks&state=MA&city=Boston',
    as: 'business',
  },
  {
    method: 'POST',
    path: '/api/pins',
    as: 'business',
    payload: (w) => ({
      brand: 'starbucks',
      value: 10,
      quantity: 1,
      radius: 5,
      locationId: w.store.id,
      lat: w.store.lat,
      lng: w.store.lng,
      promotionMessage: '',
      targetIdentifiers: [1],
    }),
  },
  {
    method: 'POST',
    path: '/api/gift-cards/guest',
    as: 'guest',
    payload: (w) => ({
      recipientUsername: w.consumer.user.username,
      brand: 'dunkin',
      value: 25,
      senderEmail: 'aunt.may@example.com',
      paymentToken: w.cardToken,
    }),
  },
  { method: 'GET', path: '/api/user/profile/{username}', as: 'guest' },
  {
    method: 'GET',
    path: '/api/user/qr-code/{username}',
    as: 'guest',
    check: (response) => {
      expect(response.headers['content-type']).toMatch(/^image\//);
      expect(Buffer.isBuffer(response.body)).toBe(true);
      expect((response.body as Buffer).length).toBeGreaterThan(0);
    },
  },
  {
    method: 'POST',
    path: '/api/analytics/share',
    as: 'guest',
    payload: (w) => ({ platform: 'twitter', profileUsername: w.consumer.user.username }),
  },
  { method: 'GET', path: '/api/gift-cards/marketplace', as: 'consumer' },
  { method: 'GET', path: '/api/gift-cards/consumer/wallet', as: 'consumer' },
  { method: 'GET', path: '/api/gift-cards/gift-cards', as: 'consumer' },
  { method: 'GET', path: '/api/gift-cards/leaderboard', as: 'consumer' },
  { method: 'GET', path: '/api/friends/search?query={friendName}', as: 'consumer' },
  { method: 'GET', path: '/api/users/search?q={friendName}', as: 'consumer' },
  {
    method: 'POST',
    path: '/api/friends/request',
    as: 'consumer',
    payload: (w) => ({ username: w.stranger.user.username }),
  },
  {
    method: 'POST',
    path: '/api/friends/respond',
    as: 'consumer',
    payload: (w) => ({ friendshipId: w.requestToAnswer, action: 'accept' }),
  },
  { method: 'GET', path: '/api/friends/requests', as: 'consumer' },
  { method: 'GET', path: '/api/friends', as: 'consumer' },
  { method: 'GET', path: '/api/friends/suggested', as: 'consumer' },
  { method: 'GET', path: '/api/posts', as: 'consumer' },
  {
    method: 'POST',
    path: '/api/posts',
    as: 'consumer',
    payload: (w) => ({
      content: `Coffee with @${w.friend.user.username}`,
      attachmentUrl: null,
      attachmentType: null,
      mentionedUserIds: [w.friend.user.id],
    }),
  },
  { method: 'DELETE', path: '/api/posts/{postToDelete}', as: 'consumer' },
  { method: 'POST', path: '/api/posts/{post}/like', as: 'consumer' },
  { method: 'DELETE', path: '/api/posts/{post}/like', as: 'consumer' },
  {
    method: 'POST',
    path: '/api/posts/{post}/comments',
    as: 'consumer',
    payload: () => ({ content: 'Enjoy!' }),
  },
  { method: 'GET', path: '/api/consumer/notifications', as: 'consumer' },
  { method: 'GET', path: '/api/business/notifications', as: 'business' },
  { method: 'GET', path: '/api/business/leads', as: 'business' },
];

// The lists beside the product's calls, which answer the same way.
const OWN_LIST_ROWS: Row[] = [
  { method: 'GET', path: '/api/gift-cards/requests', as: 'consumer' },
  { method: 'GET', path: '/api/gift-cards/marketplace/brands', as: 'consumer' },
  { method: 'GET', path: '/api/gift-cards/issued', as: 'business' },
  { method: 'GET', path: '/api/wallet/transactions', as: 'business' },
  { method: 'GET', path: '/api/pins/mine', as: 'business' },
  { method: 'GET', path: '/api/user/{username}/friends', as: 'guest' },
];

let context: TestContext;
let world: World;

async function befriend(asker: Person, asked: Person) {
  const request = await asker.agent
    .post('/api/friends/request')
    .send({ username: asked.user.username })
    .expect(201);
  await asked.agent
    .post('/api/friends/respond')
    .send({ friendshipId: request.body.friendshipId, action: 'accept' })
    .expect(200);
}

beforeAll(async () => {
  context = await createTestContext();
  const stores = await insertTestStores(context.database.db);
  // The Boylston & Mass Ave Starbucks of the test stores.
  const store = { id: stores.starbucks, lat: 42.347, lng: -71.087 };

  const business = await fundedBusiness(context, 1000, 'Contract Coffee Co');
  const pins = [
    await createTestPin(business.agent, store.id),
    await createTestPin(business.agent, store.id),
    // Left unclaimed, so the marketplace has an offer.
    await createTestPin(business.agent, store.id, { promotionMessage: 'Free refill' }),
  ];
  const consumer = await signedInConsumer(context, { name: 'Ada Contract' });
  const cards: number[] = [];
  for (const pin of pins.slice(0, 2)) {
    const claim = await consumer.agent.post(`/api/pins/${pin}/claim`).expect(201);
    cards.push(claim.body.giftCard.id);
  }
  // One card given away: a gift transaction and a place on the leaderboard; one kept.
  const recipient = await signedInConsumer(context, { name: 'Bea Contract' });
  await consumer.agent
    .post(`/api/gift-cards/${cards[0]}/send`)
    .send({ recipientUsername: recipient.user.username })
    .expect(201);
  await recipient.agent
    .post('/api/gift-cards/request')
    .send({ username: consumer.user.username })
    .expect(201);

  const friend = await signedInConsumer(context, { name: 'Cora Contract' });
  await befriend(consumer, friend);
  // The friend's friend is suggested to the consumer (one mutual friend).
  await befriend(friend, await signedInConsumer(context, { name: 'Eli Contract' }));
  const waiting = await signedInConsumer(context, { name: 'Dan Contract' });
  await waiting.agent
    .post('/api/friends/request')
    .send({ username: consumer.user.username })
    .expect(201);
  const newcomer = await signedInConsumer(context, { name: 'Gus Contract' });
  const toAnswer = await newcomer.agent
    .post('/api/friends/request')
    .send({ username: consumer.user.username })
    .expect(201);

  const post = await consumer.agent.post('/api/posts').send({ content: 'First!' }).expect(201);
  await friend.agent
    .post(`/api/posts/${post.body.id}/comments`)
    .send({ content: 'Welcome' })
    .expect(201);
  const postToDelete = await consumer.agent
    .post('/api/posts')
    .send({ content: 'Typo' })
    .expect(201);

  world = {
    store,
    consumer,
    business,
    leaving: await signedInConsumer(context, { name: 'Lee Contract' }),
    friend: { ...friend, name: 'Cora Contract' },
    stranger: await signedInConsumer(context, { name: 'Fay Contract' }),
    requestToAnswer: toAnswer.body.friendshipId,
    post: post.body.id,
    postToDelete: postToDelete.body.id,
    cardToken: await cardToken(context),
  };
});

afterAll(async () => {
  await context.close();
});

function agentOf(caller: Caller): Agent {
  switch (caller) {
    case 'guest':
      return context.agent();
    case 'consumer':
      return world.consumer.agent;
    case 'business':
      return world.business.agent;
    case 'leaving consumer':
      return world.leaving.agent;
  }
}

/** The world's values a row's path may name. */
const PLACEHOLDERS: Record<string, (world: World) => string | number> = {
  username: (w) => w.consumer.user.username,
  // The first word of the friend's name: both searches find people by a name's start.
  friendName: (w) => w.friend.name.split(' ')[0]!,
  post: (w) => w.post,
  postToDelete: (w) => w.postToDelete,
};

const pathOf = (row: Row) =>
  row.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = PLACEHOLDERS[name];
    if (!value) throw new Error(`unknown placeholder {${name}} in ${row.path}`);
    return encodeURIComponent(String(value(world)));
  });

async function call(row: Row) {
  const agent = agentOf(row.as);
  const path = pathOf(row);
  const request =
    row.method === 'GET'
      ? agent.get(path)
      : row.method === 'POST'
        ? agent.post(path)
        : agent.delete(path);
  return row.payload ? request.send(row.payload(world)) : request;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An Express path (`/posts/:id/like`) as a pattern of the paths it matches. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegExp(part)))
      .join('/')}$`,
  );

/** The route that answers a call: the first of the method whose path matches, as in Express. */
function routeOf(method: Method, path: string): ApiRoute {
  const pathname = new URL(path, 'http://localhost').pathname.replace(/^\/api/, '');
  const route = context.app.locals.apiRoutes.find(
    (candidate) =>
      candidate.method === method.toLowerCase() && patternOf(candidate.path).test(pathname),
  );
  if (!route) throw new Error(`${method} ${path} has no contract`);
  return route;
}

/** The schema of the JSON answer with this status; undefined when the contract lists none. */
function answerSchemaOf(route: ApiRoute, status: number): z.ZodType | undefined {
  const { answer } = route;
  switch (answer.kind) {
    case 'json':
      if (status === answer.status) return answer.schema;
      return answer.otherStatuses
        ?.filter((other) => other.status === status)
        .map((other) => other.schema ?? answer.schema)[0];
    case 'page':
    case 'cursor':
      return status === 200 ? z.array(answer.item) : undefined;
    case 'empty':
    case 'raw':
      return undefined;
  }
}

/** Where a zod issue is, as a path into the answer (`GET /api/posts[0].user.verified`). */
const pathInAnswer = (label: string, path: readonly PropertyKey[]) =>
  label + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (inner, key) =>
      inner === null || typeof inner !== 'object'
        ? undefined
        : (inner as Record<PropertyKey, unknown>)[key],
    value,
  );
}

/** The first field sent that the schema does not describe (zod leaves it out of its output). */
function undescribedField(sent: unknown, read: unknown, at: string): string | undefined {
  if (Array.isArray(sent) && Array.isArray(read)) {
    for (const [index, item] of sent.entries()) {
      const found = undescribedField(item, read[index], `${at}[${index}]`);
      if (found) return found;
    }
  } else if (isObject(sent) && isObject(read)) {
    for (const [name, value] of Object.entries(sent)) {
      if (!(name in read)) return `${at}.${name}`;
      const found = undescribedField(value, read[name], `${at}.${name}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Everything wrong with a successful answer, measured against its route's contract. */
function answerProblems(route: ApiRoute, response: Response, label: string): string[] {
  const { answer } = route;
  if (answer.kind === 'empty') {
    return response.status === 204 ? [] : [`${label} answered ${response.status}, not 204`];
  }
  if (answer.kind === 'raw') {
    const type = String(response.headers['content-type']).split(';')[0];
    return type === answer.contentType
      ? []
      : [`${label} answered ${type}, not ${answer.contentType}`];
  }
  const schema = answerSchemaOf(route, response.status);
  if (!schema) return [`${label} answered ${response.status}, a status its contract does not list`];
  if (!/^application\/json/.test(String(response.headers['content-type']))) {
    return [`${label} answered ${response.headers['content-type']}, not JSON`];
  }
  const body: unknown = response.body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const value = valueAt(body, issue.path);
    const sent = value === undefined ? 'missing' : JSON.stringify(value);
    return [`${pathInAnswer(label, issue.path)} is ${sent}: ${issue.message}`];
  }
  if (Array.isArray(body) && body.length === 0) return [`${label} answers an empty list`];
  const undescribed = undescribedField(body, parsed.data, label);
  if (undescribed) return [`${undescribed} is not in the contract's answer schema`];
  // A default or a transform in the schema would give the client a value the server never sent.
  return isDeepStrictEqual(parsed.data, body) ? [] : [`${label} is not what its schema reads`];
}

function testRow(row: Row) {
  const note = row.note ? ` ${row.note}` : '';
  it(`${row.method} ${row.path}${note} as a ${row.as} answers what its contract says`, async () => {
    const response = await call(row);
    const label = `${row.method} ${pathOf(row)}`;
    const answered = `${label} answered ${response.status} ${JSON.stringify(response.body)}`;
    expect(response.status >= 200 && response.status < 300, answered).toBe(true);
    const route = routeOf(row.method, pathOf(row));
    expect(answerProblems(route, response, label)).toEqual([]);
    if (route.answer.kind === 'raw') {
      expect(row.check, `${label} is not JSON: its row checks it`).toBeDefined();
    }
    row.check?.(response);
  });
}

describe('every call of the product answers what its client reads', () => {
  for (const row of ROWS) testRow(row);
});

describe('our own lists answer JSON arrays of their items too', () => {
  for (const row of OWN_LIST_ROWS) testRow(row);
});

describe('failures the client reads', () => {
  it('GET /api/user without a session answers 401', async () => {
    expect((await context.agent().get('/api/user')).status).toBe(401);
  });

  it('a failed login, registration, guest gift or profile answers a message', async () => {
    const guest = context.agent();
    const failures = [
      await guest
        .post('/api/login')
        .send({ identifier: world.consumer.user.username, password: 'wrong-horse-1' }),
      await guest.post('/api/register').send({ ...consumerInput(), brands: [] }),
      await guest.post('/api/gift-cards/guest').send({
        recipientUsername: world.consumer.user.username,
        brand: 'starbucks',
        value: 1,
        senderEmail: 'aunt.may@example.com',
      }),
      await guest.get('/api/user/profile/nobody_at_all_here'),
    ];
    expect(failures.map((response) => response.status >= 400)).toEqual([true, true, true, true]);
    for (const response of failures) expect(typeof response.body.message).toBe('string');
  });

  it('after POST /api/logout the session is gone: GET /api/user answers 401', async () => {
    expect((await world.leaving.agent.get('/api/user')).status).toBe(401);
  });
});
