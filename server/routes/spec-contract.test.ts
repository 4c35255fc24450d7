import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessInput, consumerInput, TEST_PASSWORD } from '../testing/factories';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { cardToken } from '../testing/payments';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';

/**
 * The product's calls, each made as a caller allowed to make it with the payload the client
 * sends, and the answer checked for what the client reads: every list a JSON array of the
 * entity, each item with the entity's fields and their JSON types. The data is seeded so that
 * every list has at least one item, as an empty array would prove nothing about its items.
 */

type Agent = ReturnType<TestContext['agent']>;
type Person = { agent: Agent; user: { id: number; username: string } };

/**
 * The JSON type of a field. `date` is a string that parses as a date; `string?` is a field the
 * entity marks optional (absent, null or a string); pictures, which a user may not have set,
 * are `string|null`.
 */
type Kind =
  | 'number'
  | 'string'
  | 'boolean'
  | 'date'
  | 'string|null'
  | 'number|null'
  | 'date|null'
  | 'string?'
  | 'string[]'
  | 'number[]';
/** An object's fields; `[shape]` is an array whose every item has that shape. */
type Field = Kind | Shape | [Shape];
interface Shape {
  readonly [field: string]: Field;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (isObject(value)) return `an object with ${Object.keys(value).join(', ') || 'no fields'}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

function fits(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value));
    case 'string|null':
    case 'string?':
      return value === null || typeof value === 'string';
    case 'number|null':
      return value === null || fits(value, 'number');
    case 'date|null':
      return value === null || fits(value, 'date');
    case 'string[]':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'number[]':
      return Array.isArray(value) && value.every((item) => fits(item, 'number'));
  }
}

/** Every way `value` differs from `field`, each naming where; none when it fits. */
function problemsOf(value: unknown, field: Field, at: string): string[] {
  if (typeof field === 'string') {
    return fits(value, field) ? [] : [`${at} is ${describeValue(value)}, expected ${field}`];
  }
  if (Array.isArray(field)) {
    if (!Array.isArray(value)) return [`${at} is ${describeValue(value)}, expected an array`];
    return value.flatMap((item, index) => problemsOf(item, field[0], `${at}[${index}]`));
  }
  if (!isObject(value)) return [`${at} is ${describeValue(value)}, expected an object`];
  return Object.entries(field).flatMap(([name, inner]) => {
    if (!(name in value)) return inner === 'string?' ? [] : [`${at}.${name} is missing`];
    return problemsOf(value[name], inner, `${at}.${name}`);
  });
}

// The entities, with the field names the client reads.
const AUTHOR: Shape = {
  name: 'string',
  username: 'string',
  profilePicture: 'string|null',
  verified: 'boolean',
};
const USER: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  type: 'string',
  profilePicture: 'string|null',
  verified: 'boolean',
  friendsCount: 'number',
  brands: 'string[]',
};
const PROFILE: Shape = {
  name: 'string',
  username: 'string',
  profilePicture: 'string|null',
  verified: 'boolean',
  friendsCount: 'number',
  brands: 'string[]',
};
const IDENTIFIER: Shape = {
  id: 'number',
  name: 'string',
  category: 'string',
  description: 'string?',
  icon: 'string?',
};
const BRAND: Shape = { id: 'string', name: 'string', logo: 'string?' };
const OPTION: Shape = { value: 'string', label: 'string' };
const STORE: Shape = {
  value: 'number',
  label: 'string',
  details: { coordinates: { lat: 'number', lng: 'number' } },
};
const MARKETPLACE_PIN: Shape = {
  id: 'number',
  brand: 'string',
  value: 'number',
  message: 'string',
  promotion_message: 'string',
  display_business_name: 'boolean',
  business_name: 'string',
  sender_name: 'string',
  location_name: 'string',
  city: 'string',
  state: 'string',
  expiration_date: 'date',
};
const WALLET_CARD: Shape = {
  id: 'number',
  sender_name: 'string',
  brand: 'string',
  value: 'number',
  status: 'string',
};
const GIFT_TRANSACTION: Shape = {
  id: 'number',
  // A guest's gift has no sender account.
  sender_id: 'number|null',
  recipient_name: 'string',
  sender_name: 'string',
  value: 'number',
  created_at: 'date',
};
const LEADERBOARD_ENTRY: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  profile_picture: 'string|null',
  total_value: 'number',
};
// Mention search: who can be @-mentioned (the post keeps their ids).
const MENTION_CANDIDATE: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  profilePicture: 'string|null',
};
const USER_SEARCH_RESULT: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  profilePicture: 'string|null',
  verified: 'boolean',
  friendshipStatus: 'string',
};
const FRIEND_REQUEST: Shape = {
  id: 'number',
  type: 'string',
  name: 'string',
  username: 'string',
  createdAt: 'date',
  profilePicture: 'string|null',
};
const FRIEND_ITEM: Shape = {
  friendshipId: 'number',
  status: 'string',
  friend: {
    id: 'number',
    name: 'string',
    username: 'string',
    isOnline: 'boolean',
    profilePicture: 'string|null',
  },
};
const SUGGESTED_FRIEND: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  mutualFriends: 'number',
  profilePicture: 'string|null',
};
const COMMENT: Shape = { id: 'number', content: 'string', createdAt: 'date', user: AUTHOR };
const POST: Shape = {
  id: 'number',
  userId: 'number',
  user: AUTHOR,
  content: 'string',
  createdAt: 'date',
  attachmentUrl: 'string|null',
  attachmentType: 'string|null',
  mentionedUserIds: 'number[]',
  likes: 'number',
  commentCount: 'number',
  isLiked: 'boolean',
  isPinned: 'boolean',
  isLeaderboardPost: 'boolean',
  comments: [COMMENT],
};
const NOTIFICATION: Shape = {
  id: 'number',
  type: 'string',
  message: 'string',
  amount: 'number|null',
  senderName: 'string',
  senderAvatar: 'string|null',
  receiverName: 'string',
  receiverAvatar: 'string|null',
  createdAt: 'date',
  read: 'boolean',
};
const LEAD: Shape = {
  id: 'number',
  name: 'string',
  email: 'string',
  phone: 'string',
  status: 'string',
  source: 'string',
  notes: 'string',
  last_contacted: 'date|null',
};
// The lists of our own that follow the same rule.
const GIFT_REQUEST: Shape = {
  id: 'number',
  requester: { id: 'number', name: 'string', username: 'string', profilePicture: 'string|null' },
  brand: 'string|null',
  amount: 'number|null',
  message: 'string',
  status: 'string',
  created_at: 'date',
};
const ISSUED_CARD: Shape = {
  id: 'number',
  consumer_name: 'string',
  consumer_username: 'string',
  brand: 'string',
  value: 'number',
  balance: 'number',
  status: 'string',
  expires: 'date',
  created_at: 'date',
};
const WALLET_TRANSACTION: Shape = {
  id: 'string',
  description: 'string',
  type: 'string',
  date: 'date',
  amount: 'number',
  status: 'string',
};
const BUSINESS_PIN: Shape = {
  id: 'number',
  brand: 'string',
  locationId: 'number',
  locationName: 'string',
  city: 'string',
  state: 'string',
  value: 'number',
  quantity: 'number',
  remaining: 'number',
  radius: 'number',
  promotionMessage: 'string',
  targetIdentifiers: 'number[]',
  status: 'string',
  expiresAt: 'date',
};
const PUBLIC_FRIEND: Shape = {
  id: 'number',
  name: 'string',
  username: 'string',
  profilePicture: 'string|null',
  verified: 'boolean',
};

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
  /** A test card token: a gift card is paid for (the spec's fields, plus the payment). */
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
  /** A list: a JSON array, not empty, each item of this shape (or kind). */
  list?: Shape | Kind;
  /** A single answer: a JSON object with these fields. */
  answer?: Shape;
  /** A non-JSON answer, checked on its own. */
  check?: (response: Awaited<ReturnType<Agent['get']>>) => void;
};

const ROWS: Row[] = [
  { method: 'GET', path: '/api/user', as: 'consumer', answer: USER },
  {
    method: 'POST',
    path: '/api/login',
    as: 'guest',
    payload: (w) => ({ identifier: w.leaving.user.username, password: TEST_PASSWORD }),
    answer: {},
  },
  {
    method: 'POST',
    path: '/api/register',
    as: 'guest',
    note: 'for a consumer',
    payload: () => ({ ...consumerInput(), phone: '+15551234567' }),
    answer: {},
  },
  {
    method: 'POST',
    path: '/api/register',
    as: 'guest',
    note: 'for a business',
    payload: () => businessInput(),
    answer: {},
  },
  { method: 'POST', path: '/api/logout', as: 'leaving consumer', payload: () => ({}), answer: {} },
  { method: 'GET', path: '/api/identifiers', as: 'guest', list: IDENTIFIER },
  { method: 'GET', path: '/api/brands', as: 'guest', list: BRAND },
  { method: 'GET', path: '/api/locations/brands', as: 'business', list: 'string' },
  { method: 'GET', path: '/api/locations/states?brand=starbucks', as: 'business', list: OPTION },
  {
    method: 'GET',
    path: '/api/locations/cities?brand=starbucks&state=MA',
    as: 'business',
    list: OPTION,
  },
  {
    method: 'GET',
    path: '/api/locations/stores?brand=starbucks&state=MA&city=Boston',
    as: 'business',
    list: STORE,
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
    answer: {},
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
    answer: {},
  },
  {
    method: 'GET',
    path: '/api/user/profile/{username}',
    as: 'guest',
    answer: PROFILE,
  },
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
  { method: 'GET', path: '/api/gift-cards/marketplace', as: 'consumer', list: MARKETPLACE_PIN },
  { method: 'GET', path: '/api/gift-cards/consumer/wallet', as: 'consumer', list: WALLET_CARD },
  { method: 'GET', path: '/api/gift-cards/gift-cards', as: 'consumer', list: GIFT_TRANSACTION },
  {
    method: 'GET',
    path: '/api/gift-cards/leaderboard',
    as: 'consumer',
    list: LEADERBOARD_ENTRY,
  },
  {
    method: 'GET',
    path: '/api/friends/search?query={friendName}',
    as: 'consumer',
    list: MENTION_CANDIDATE,
  },
  {
    method: 'GET',
    path: '/api/users/search?q={friendName}',
    as: 'consumer',
    list: USER_SEARCH_RESULT,
  },
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
  { method: 'GET', path: '/api/friends/requests', as: 'consumer', list: FRIEND_REQUEST },
  { method: 'GET', path: '/api/friends', as: 'consumer', list: FRIEND_ITEM },
  { method: 'GET', path: '/api/friends/suggested', as: 'consumer', list: SUGGESTED_FRIEND },
  { method: 'GET', path: '/api/posts', as: 'consumer', list: POST },
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
  {
    method: 'GET',
    path: '/api/consumer/notifications',
    as: 'consumer',
    list: NOTIFICATION,
  },
  {
    method: 'GET',
    path: '/api/business/notifications',
    as: 'business',
    list: NOTIFICATION,
  },
  { method: 'GET', path: '/api/business/leads', as: 'business', list: LEAD },
];

// The lists beside the product's calls, which answer the same way.
const OWN_LIST_ROWS: Row[] = [
  { method: 'GET', path: '/api/gift-cards/requests', as: 'consumer', list: GIFT_REQUEST },
  {
    method: 'GET',
    path: '/api/gift-cards/marketplace/brands',
    as: 'consumer',
    list: 'string',
  },
  { method: 'GET', path: '/api/gift-cards/issued', as: 'business', list: ISSUED_CARD },
  { method: 'GET', path: '/api/wallet/transactions', as: 'business', list: WALLET_TRANSACTION },
  { method: 'GET', path: '/api/pins/mine', as: 'business', list: BUSINESS_PIN },
  {
    method: 'GET',
    path: '/api/user/{username}/friends',
    as: 'guest',
    list: PUBLIC_FRIEND,
  },
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

function testRow(row: Row) {
  const what = row.list ? 'answers a non-empty JSON array of its items' : 'succeeds';
  const note = row.note ? ` ${row.note}` : '';
  it(`${row.method} ${row.path}${note} as a ${row.as} ${what}`, async () => {
    const response = await call(row);
    const label = `${row.method} ${pathOf(row)}`;
    const answered = `${label} answered ${response.status} ${JSON.stringify(response.body)}`;
    expect(response.status >= 200 && response.status < 300, answered).toBe(true);
    if (row.check) return row.check(response);
    if (response.status === 204) return;
    expect(response.headers['content-type'], `${label} answers JSON`).toMatch(/^application\/json/);
    const body: unknown = response.body;
    if (row.list) {
      expect(
        Array.isArray(body),
        `${label} answers ${describeValue(body)} instead of an array`,
      ).toBe(true);
      const items = body as unknown[];
      expect(items.length, `${label} answers an empty list`).toBeGreaterThan(0);
      const shape = row.list;
      expect(
        items.flatMap((item, index) => problemsOf(item, shape, `${label} [${index}]`)),
      ).toEqual([]);
      return;
    }
    expect(isObject(body), `${label} answers ${describeValue(body)}, not a JSON object`).toBe(true);
    if (row.answer) expect(problemsOf(body, row.answer, label)).toEqual([]);
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
