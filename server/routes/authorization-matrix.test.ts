import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { normalizeRedemptionCode } from '@shared/schema/gift-cards';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/query-rows';
import { type Access, type ApiRoute } from '../lib/api-route';
import { TEST_CARD_SUCCESS } from '../services/payments/payment-provider';
import { createTestPin, fundedBusiness, signedInConsumer } from '../testing/gift-cards';
import { insertTestStores } from '../testing/stores';
import { TEST_PASSWORD } from '../testing/factories';
import { cardToken } from '../testing/payments';
import { createTestContext, type TestContext } from '../testing/test-app';
import { addPayoutAccountFor } from '../testing/payout-accounts';
import { redemptionCodeFor } from '../testing/redemptions';
import { enableTwoFactorFor } from '../testing/two-factor';

/**
 * Every /api route with the answer each caller gets, read with the route's definition: who may
 * call it (its access) gives the 401s and 403s, the table the answers of those let in, and every
 * success answer must match the definition's answer schema exactly. The callers: no session,
 * consumers A and B, businesses X and Y. The objects are A's (a gift card, a post, a notification,
 * friendships, a gift request to A) and X's (a pin, a lead); B and Y never own them, so no cell of
 * theirs on them may be 2xx. Cells run in the table's order, each caller in the order below, so a
 * row that changes an object (X taking some of A's card, X cancelling the pin) comes after the rows
 * that read it. A route the app registers that the table lacks fails the first test.
 */
const CALLERS = ['none', 'A', 'B', 'X', 'Y'] as const;
type Caller = (typeof CALLERS)[number];
type Agent = ReturnType<TestContext['agent']>;

type World = {
  store: number;
  /** A fresh test card token (approved) each time: a token pays once. */
  cardToken: () => string;
  a: { id: number; username: string };
  b: { id: number; username: string };
  x: { id: number; username: string };
  cardA: number;
  pinX: number;
  postA: number;
  leadX: number;
  notificationA: number;
  /** A pending request from C to A (A answers it). */
  pendingToA: number;
  /** An accepted friendship of A and D (A removes it). */
  friendshipAD: number;
  /** B asked A for a gift (A declines it). */
  giftRequestToA: number;
  /** A code A's Use Card showed for cardA (X looks it up, then takes some of the card with it). */
  codeA: string;
  /** A card A saved in Payment Settings (A makes it the default, then removes it). */
  savedCardA: number;
  /** A's session, as the sessions list names it (A signs it out last). */
  sessionA: string;
  /** A's message to B, in their conversation (only A and B may read it; A deletes it). */
  messageAB: number;
  /** Someone nobody else deals with, whom callers block and unblock. */
  blockTarget: string;
  /**
   * Values only some callers may ever be answered: A's card's secret code (no one: it never leaves
   * the server), the counter code A showed (X, who looks it up); A's e-mail and phone
   * (A, and X, whose pin A claimed agreeing to share the phone, and so has A as a lead); X's
   * lead's e-mail (X alone).
   */
  privateValues: Array<{ label: string; value: string; seenBy: Caller[] }>;
};

type Row = {
  /** As the app registers it: method and path. */
  route: string;
  /** The path with its parameters filled in (the route's own path when it has none). */
  path?: (world: World) => string;
  body?: unknown | ((caller: Caller, world: World) => unknown);
  /**
   * The status for each caller the route's definition lets in (its access): one status for all of
   * them, or one per caller. The others get 401 (no session) or 403 (the other account type).
   */
  answers: number | Partial<Record<Caller, number>>;
  /** Whose object the row acts on: the other callers' cells must never be 2xx. */
  owner?: 'A' | 'X';
  /** A stream (server-sent events): only the status line is read. */
  stream?: boolean;
  /** The API's own description: it names fields ("password") and holds no one's data. */
  reference?: boolean;
};

// Owners act on their own object with a body that fails validation where a valid one would end
// the object before the rows after it (sending A's card away): 400 proves they got past the
// authorization, as the others' 404 proves they did not.
const ROWS: Row[] = [
  // Public.
  { route: 'GET /api/health', answers: 200 },
  { route: 'GET /api/brands', answers: 200 },
  { route: 'GET /api/identifiers', answers: 200 },
  { route: 'GET /api/openapi.json', answers: 200, reference: true },
  { route: 'GET /api/docs', answers: 200 },
  { route: 'GET /api/docs/start.js', answers: 200 },
  { route: 'GET /api/payments/config', answers: 200 },
  { route: 'GET /api/map/config', answers: 200 },
  {
    route: 'POST /api/test-payments/tokens',
    body: { number: TEST_CARD_SUCCESS, expiry: '12/99', cvc: '123' },
    answers: 201,
  },
  {
    route: 'GET /api/user/profile/:username',
    path: (w) => `/api/user/profile/${w.a.username}`,
    answers: 200,
  },
  {
    route: 'GET /api/user/qr-code/:username',
    path: (w) => `/api/user/qr-code/${w.a.username}`,
    answers: 200,
  },
  {
    route: 'GET /api/user/:username/friends',
    path: (w) => `/api/user/${w.a.username}/friends`,
    answers: 200,
  },
  {
    route: 'POST /api/analytics/share',
    body: (_caller: Caller, w: World) => ({ platform: 'copy', profileUsername: w.a.username }),
    answers: 201,
  },
  {
    route: 'POST /api/gift-cards/guest',
    body: (_caller: Caller, w: World) => ({
      recipientUsername: w.a.username,
      brand: 'starbucks',
      value: 5,
      senderEmail: 'guest@example.com',
      paymentToken: w.cardToken(),
    }),
    // A cannot send A a gift, signed in or not.
    answers: { none: 201, A: 400, B: 201, X: 201, Y: 201 },
  },
  // Accounts.
  { route: 'GET /api/session', answers: 200 },
  { route: 'GET /api/user', answers: 200 },
  { route: 'GET /api/user/export', answers: 200 },
  // A wrong password deletes nothing (the right one would end the caller before the rows after).
  { route: 'POST /api/user/delete', body: { password: 'not-the-password' }, answers: 400 },
  { route: 'GET /api/user/settings', answers: 200 },
  // Nothing sent, nothing changed.
  { route: 'PATCH /api/user/settings', body: {}, answers: 200 },
  { route: 'POST /api/user/email', body: {}, answers: 400 },
  { route: 'POST /api/user/email/confirm', body: { token: 'not-a-token' }, answers: 400 },
  { route: 'POST /api/register', body: {}, answers: 400 },
  {
    route: 'POST /api/login',
    body: (_caller: Caller, w: World) => ({ identifier: w.b.username, password: 'wrong-horse-1' }),
    answers: 401,
  },
  // One per caller: under the hourly limit of reset requests from one address.
  { route: 'POST /api/password-reset', body: { email: 'nobody@example.com' }, answers: 202 },
  {
    route: 'POST /api/password-reset/confirm',
    body: { token: 'not-a-real-token', password: 'long-enough-1' },
    answers: 400,
  },
  { route: 'PUT /api/user/password', body: {}, answers: 400 },
  { route: 'GET /api/user/sessions', answers: 200 },
  // Each caller has one session: there is no other to end.
  { route: 'POST /api/user/sessions/sign-out-others', answers: 200 },
  // No password step came first.
  { route: 'POST /api/login/two-factor', body: { code: '123456' }, answers: 401 },
  // Two-factor: X and Y have it on (withdrawing needs it), A and B not.
  { route: 'GET /api/user/two-factor', answers: 200 },
  {
    route: 'POST /api/user/two-factor/setup',
    body: { password: TEST_PASSWORD },
    answers: { A: 200, B: 200, X: 409, Y: 409 },
  },
  { route: 'POST /api/user/two-factor/enable', body: {}, answers: 400 },
  // Without a code: the password alone is refused before it is checked.
  { route: 'POST /api/user/two-factor/disable', body: { password: TEST_PASSWORD }, answers: 400 },
  {
    route: 'POST /api/user/two-factor/recovery-codes',
    body: { password: TEST_PASSWORD },
    answers: 400,
  },
  { route: 'POST /api/user/confirm-identity', body: { password: TEST_PASSWORD }, answers: 200 },
  // The wallet PIN: consumers only (they hold the cards); each sets and removes their own.
  { route: 'GET /api/user/wallet-pin', answers: 200 },
  { route: 'PUT /api/user/wallet-pin', body: { pin: '482913' }, answers: 200 },
  { route: 'DELETE /api/user/wallet-pin', answers: 200 },
  // Catalogue.
  { route: 'GET /api/locations/brands', answers: 200 },
  {
    route: 'GET /api/locations/states',
    path: () => '/api/locations/states?brand=starbucks',
    answers: 200,
  },
  {
    route: 'GET /api/locations/cities',
    path: () => '/api/locations/cities?brand=starbucks&state=MA',
    answers: 200,
  },
  {
    route: 'GET /api/locations/stores',
    path: () => '/api/locations/stores?brand=starbucks&state=MA&city=Boston',
    answers: 200,
  },
  // Wallet and pins (businesses).
  { route: 'GET /api/wallet', answers: 200 },
  { route: 'GET /api/wallet/transactions', answers: 200 },
  { route: 'GET /api/wallet/charts/gifts', answers: 200 },
  {
    route: 'POST /api/wallet/add-funds',
    body: (_caller: Caller, w: World) => ({ amount: 10, paymentToken: w.cardToken() }),
    answers: 201,
  },
  // X and Y have a bank account on file.
  { route: 'POST /api/wallet/withdraw', body: { amount: 1 }, answers: 201 },
  // Payment Settings: saved cards (anyone signed in) and the payout bank account (businesses).
  { route: 'GET /api/payments/cards', answers: 200 },
  {
    route: 'POST /api/payments/cards',
    body: (_caller: Caller, w: World) => ({ paymentToken: w.cardToken() }),
    answers: 201,
  },
  {
    route: 'POST /api/payments/cards/:id/default',
    path: (w) => `/api/payments/cards/${w.savedCardA}/default`,
    owner: 'A',
    answers: { A: 200, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'DELETE /api/payments/cards/:id',
    path: (w) => `/api/payments/cards/${w.savedCardA}`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  { route: 'GET /api/payments/payout-account', answers: 200 },
  // Without the two-factor code: 400 proves a business got past the authorization.
  { route: 'PUT /api/payments/payout-account', body: {}, answers: 400 },
  { route: 'DELETE /api/payments/payout-account', body: {}, answers: 400 },
  { route: 'POST /api/pins', body: {}, answers: 400 },
  { route: 'GET /api/pins/mine', answers: 200 },
  { route: 'GET /api/business/dashboard', answers: 200 },
  { route: 'GET /api/business/charts/activity', answers: 200 },
  { route: 'GET /api/business/charts/value', answers: 200 },
  { route: 'GET /api/business/charts/top-stores', answers: 200 },
  { route: 'GET /api/gift-cards/issued', answers: 200 },
  // Consumers' gift cards.
  {
    route: 'GET /api/gift-cards/marketplace',
    path: () => '/api/gift-cards/marketplace?lat=42.347&lng=-71.087',
    answers: 200,
  },
  {
    route: 'GET /api/gift-cards/marketplace/brands',
    path: () => '/api/gift-cards/marketplace/brands?lat=42.347&lng=-71.087',
    answers: 200,
  },
  { route: 'GET /api/gift-cards/consumer/wallet', answers: 200 },
  { route: 'GET /api/gift-cards/gift-cards', answers: 200 },
  { route: 'GET /api/gift-cards/leaderboard', answers: 200 },
  { route: 'GET /api/gift-cards/leaderboard/me', answers: 200 },
  { route: 'GET /api/gift-cards/requests', answers: 200 },
  {
    route: 'GET /api/gift-cards/:id/history',
    path: (w) => `/api/gift-cards/${w.cardA}/history`,
    // Its holder, and X, whose pin issued it; to anyone else the card does not exist.
    answers: { A: 200, B: 404, X: 200, Y: 404 },
  },
  {
    route: 'POST /api/gift-cards/request',
    body: (_caller: Caller, w: World) => ({ username: w.x.username }),
    answers: 400,
  },
  {
    route: 'POST /api/gift-cards/:id/redemption-code',
    path: (w) => `/api/gift-cards/${w.cardA}/redemption-code`,
    owner: 'A',
    answers: { A: 201, B: 404 },
  },
  // The counter: X offers Starbucks (its pin), Y does not.
  {
    route: 'POST /api/redemptions/lookup',
    body: (_caller: Caller, w: World) => ({ code: w.codeA }),
    answers: { X: 200, Y: 403 },
  },
  {
    route: 'POST /api/gift-cards/:id/send',
    path: (w) => `/api/gift-cards/${w.cardA}/send`,
    body: (caller: Caller, w: World) =>
      caller === 'A' ? {} : { recipientUsername: w.b.username, message: 'For you' },
    owner: 'A',
    answers: { A: 400, B: 404 },
  },
  {
    route: 'POST /api/pins/:id/claim',
    path: (w) => `/api/pins/${w.pinX}/claim`,
    answers: { A: 409, B: 201 },
  },
  // X manages its pin (each change leaves it on offer) before cancelling it.
  {
    route: 'POST /api/pins/:id/pause',
    path: (w) => `/api/pins/${w.pinX}/pause`,
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  {
    route: 'POST /api/pins/:id/resume',
    path: (w) => `/api/pins/${w.pinX}/resume`,
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  {
    route: 'POST /api/pins/:id/extend',
    path: (w) => `/api/pins/${w.pinX}/extend`,
    body: { days: 1 },
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  {
    route: 'POST /api/pins/:id/top-up',
    path: (w) => `/api/pins/${w.pinX}/top-up`,
    body: { quantity: 1 },
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  {
    route: 'POST /api/pins/:id/cancel',
    path: (w) => `/api/pins/${w.pinX}/cancel`,
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  // Friends and people.
  { route: 'GET /api/friends', answers: 200 },
  { route: 'GET /api/friends/requests', answers: 200 },
  { route: 'GET /api/friends/suggested', answers: 200 },
  {
    route: 'GET /api/friends/search',
    path: () => '/api/friends/search?query=co',
    answers: 200,
  },
  {
    route: 'GET /api/users/search',
    path: () => '/api/users/search?q=co',
    answers: 200,
  },
  { route: 'POST /api/friends/request', body: {}, answers: 400 },
  {
    route: 'POST /api/users/:username/report',
    path: (w) => `/api/users/${w.a.username}/report`,
    body: {},
    answers: 400,
  },
  // Posts.
  { route: 'GET /api/posts', answers: 200 },
  { route: 'POST /api/posts', body: {}, answers: 400 },
  // B has a rank (the guest gift B sent above); A has sent nothing yet.
  { route: 'POST /api/posts/leaderboard', body: {}, answers: { A: 409, B: 201 } },
  {
    route: 'POST /api/posts/:id/like',
    path: (w) => `/api/posts/${w.postA}/like`,
    answers: 200,
  },
  {
    route: 'DELETE /api/posts/:id/like',
    path: (w) => `/api/posts/${w.postA}/like`,
    answers: 200,
  },
  {
    route: 'POST /api/posts/:id/comments',
    path: (w) => `/api/posts/${w.postA}/comments`,
    body: { content: 'Nice one' },
    answers: 201,
  },
  {
    route: 'POST /api/posts/:id/pin',
    path: (w) => `/api/posts/${w.postA}/pin`,
    body: { pinned: true },
    owner: 'A',
    answers: { A: 200, B: 403, X: 403, Y: 403 },
  },
  // Notifications.
  { route: 'GET /api/consumer/notifications', answers: 200 },
  { route: 'GET /api/business/notifications', answers: 200 },
  { route: 'GET /api/notifications/unread-count', answers: 200 },
  { route: 'GET /api/notifications/preferences', answers: 200 },
  { route: 'PUT /api/notifications/preferences', body: {}, answers: 400 },
  {
    route: 'GET /api/notifications/stream',
    stream: true,
    answers: 200,
  },
  {
    route: 'PATCH /api/notifications/:id/read',
    path: (w) => `/api/notifications/${w.notificationA}/read`,
    owner: 'A',
    answers: { A: 200, B: 404, X: 404, Y: 404 },
  },
  { route: 'POST /api/notifications/read-all', answers: 200 },
  // Leads (businesses).
  { route: 'GET /api/business/leads', answers: 200 },
  { route: 'GET /api/business/leads/export', answers: 200 },
  { route: 'POST /api/business/leads', body: {}, answers: 400 },
  {
    route: 'PATCH /api/business/leads/:id',
    path: (w) => `/api/business/leads/${w.leadX}`,
    body: { notes: 'Called back' },
    owner: 'X',
    answers: { X: 200, Y: 404 },
  },
  // Uploads: no file.
  { route: 'POST /api/uploads', answers: 400 },
  // Rows that end their object, after every row that reads it.
  {
    route: 'POST /api/friends/respond',
    body: (_caller: Caller, w: World) => ({ friendshipId: w.pendingToA, action: 'accept' }),
    owner: 'A',
    answers: { A: 200, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'DELETE /api/friends/:id',
    path: (w) => `/api/friends/${w.friendshipAD}`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'POST /api/gift-cards/requests/:id/decline',
    path: (w) => `/api/gift-cards/requests/${w.giftRequestToA}/decline`,
    owner: 'A',
    answers: { A: 200, B: 404 },
  },
  // X takes $1 of A's card with A's code; the code is then used up, so Y is answered 410.
  {
    route: 'POST /api/redemptions',
    body: (_caller: Caller, w: World) => ({ code: w.codeA, amount: 1 }),
    answers: { X: 201, Y: 410 },
  },
  {
    route: 'DELETE /api/business/leads/:id',
    path: (w) => `/api/business/leads/${w.leadX}`,
    owner: 'X',
    answers: { X: 204, Y: 404 },
  },
  {
    route: 'DELETE /api/posts/:id',
    path: (w) => `/api/posts/${w.postA}`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  // Messages: the conversation of A and B, at B's name. Only A can reach it that way (B's own
  // name is no conversation of B's, and X and Y are no friends of B's): 404 for anyone else.
  { route: 'GET /api/messages', answers: 200 },
  { route: 'GET /api/messages/unread-count', answers: 200 },
  {
    route: 'GET /api/messages/:username',
    path: (w) => `/api/messages/${w.b.username}`,
    owner: 'A',
    answers: { A: 200, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'GET /api/messages/:username/info',
    path: (w) => `/api/messages/${w.b.username}/info`,
    owner: 'A',
    answers: { A: 200, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'POST /api/messages/:username',
    path: (w) => `/api/messages/${w.b.username}`,
    body: () => ({ clientId: randomUUID(), text: 'Hello from the matrix' }),
    owner: 'A',
    answers: { A: 201, B: 404, X: 403, Y: 403 },
  },
  {
    route: 'POST /api/messages/:username/read',
    path: (w) => `/api/messages/${w.b.username}/read`,
    body: (_caller: Caller, w: World) => ({ upTo: w.messageAB }),
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'POST /api/messages/:username/typing',
    path: (w) => `/api/messages/${w.b.username}/typing`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  // B reports A's message (at A's name, the conversation as B reaches it): B alone may.
  {
    route: 'POST /api/messages/:username/:id/report',
    path: (w) => `/api/messages/${w.a.username}/${w.messageAB}/report`,
    body: { reason: 'spam' },
    answers: { A: 404, B: 201, X: 404, Y: 404 },
  },
  {
    route: 'DELETE /api/messages/:username/:id',
    path: (w) => `/api/messages/${w.b.username}/${w.messageAB}`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  {
    route: 'POST /api/users/:username/block',
    path: (w) => `/api/users/${w.blockTarget}/block`,
    answers: 204,
  },
  { route: 'GET /api/users/blocked', answers: 200 },
  {
    route: 'DELETE /api/users/:username/block',
    path: (w) => `/api/users/${w.blockTarget}/block`,
    answers: 204,
  },
  // A signs out A's own session by its id in the list; it is no one else's to end.
  {
    route: 'DELETE /api/user/sessions/:id',
    path: (w) => `/api/user/sessions/${w.sessionA}`,
    owner: 'A',
    answers: { A: 204, B: 404, X: 404, Y: 404 },
  },
  // Last: it ends each caller's session.
  { route: 'POST /api/logout', answers: 200 },
];

let context: TestContext;
let agents: Record<Caller, Agent>;
let world: World;

async function ok<T>(response: Promise<{ status: number; body: T }>, status: number): Promise<T> {
  const answer = await response;
  if (answer.status !== status) {
    throw new Error(`setup answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

beforeAll(async () => {
  context = await createTestContext();
  const { starbucks } = await insertTestStores(context.database.db);
  const a = await signedInConsumer(context, { phoneNumber: '(555) 010-4477' });
  const b = await signedInConsumer(context);
  const c = await signedInConsumer(context);
  const d = await signedInConsumer(context);
  const x = await fundedBusiness(context, 1000, 'Xavier Coffee');
  const y = await fundedBusiness(context, 1000, 'Yellow Donuts');
  await addPayoutAccountFor(x.agent, (await enableTwoFactorFor(x.agent)).secret);
  await addPayoutAccountFor(y.agent, (await enableTwoFactorFor(y.agent)).secret);
  const savedCardA = await ok<{ id: number }>(
    a.agent.post('/api/payments/cards').send({ paymentToken: await cardToken(context) }),
    201,
  );
  agents = { none: context.agent(), A: a.agent, B: b.agent, X: x.agent, Y: y.agent };

  const pinX = await createTestPin(x.agent, starbucks, { quantity: 20 });
  // A agrees to give X their phone with the claim: X may then see it (a lead).
  const claimed = await ok<{ giftCard: { id: number } }>(
    a.agent.post(`/api/pins/${pinX}/claim`).send({ sharePhone: true }),
    201,
  );
  const post = await ok<{ id: number }>(a.agent.post('/api/posts').send({ content: 'Hi' }), 201);
  const lead = await ok<{ id: number }>(
    x.agent.post('/api/business/leads').send({ name: 'Lena Lead', email: 'lena@example.com' }),
    201,
  );
  // C asks A (pending, and a notification for A); D, then B, and A become friends.
  const request = async (from: Agent, to: string) =>
    (
      await ok<{ friendshipId: number }>(
        from.post('/api/friends/request').send({ username: to }),
        201,
      )
    ).friendshipId;
  const accept = (friendshipId: number) =>
    ok(a.agent.post('/api/friends/respond').send({ friendshipId, action: 'accept' }), 200);
  const pendingToA = await request(c.agent, a.user.username);
  const friendshipAD = await request(d.agent, a.user.username);
  await accept(friendshipAD);
  await accept(await request(b.agent, a.user.username));
  const giftRequest = await ok<{ id: number }>(
    b.agent.post('/api/gift-cards/request').send({ username: a.user.username }),
    201,
  );
  const [sessionOfA] = await ok<Array<{ id: string }>>(a.agent.get('/api/user/sessions'), 200);
  const messageAB = await ok<{ id: number }>(
    a.agent
      .post(`/api/messages/${b.user.username}`)
      .send({ clientId: randomUUID(), text: 'Private words for B' }),
    201,
  );
  const blockTarget = await signedInConsumer(context);
  const notifications = await ok<Array<{ id: number }>>(
    a.agent.get('/api/consumer/notifications'),
    200,
  );

  // Made ahead (a body is built synchronously), one for each request that pays or saves a card.
  const cardTokens = await Promise.all(Array.from({ length: 40 }, () => cardToken(context)));
  world = {
    store: starbucks,
    cardToken: () => {
      const token = cardTokens.pop();
      if (!token) throw new Error('Make more card tokens for the matrix');
      return token;
    },
    a: a.user,
    b: b.user,
    x: x.user,
    cardA: claimed.giftCard.id,
    pinX,
    postA: post.id,
    leadX: lead.id,
    notificationA: notifications[0]!.id,
    pendingToA,
    friendshipAD,
    giftRequestToA: giftRequest.id,
    codeA: await redemptionCodeFor(a.agent, claimed.giftCard.id),
    savedCardA: savedCardA.id,
    sessionA: sessionOfA!.id,
    messageAB: messageAB.id,
    blockTarget: blockTarget.user.username,
    privateValues: [],
  };
  const [privateOfA] = await queryRows<{ email: string; phone: string; code: string }>(
    context.database.db,
    sql`select users.email, users.phone, gift_cards.code from users
        join gift_cards on gift_cards.owner_id = users.id
        where users.id = ${a.user.id} and gift_cards.id = ${world.cardA}`,
  );
  // The table takes longer than a code's minute and a half: this one lasts the whole run.
  await context.database.db.execute(
    sql`update redemption_codes set expires_at = now() + interval '1 hour'
        where code = ${normalizeRedemptionCode(world.codeA)}`,
  );
  world.privateValues = [
    { label: "A's e-mail", value: privateOfA!.email, seenBy: ['A', 'X'] },
    { label: "A's phone", value: privateOfA!.phone, seenBy: ['A', 'X'] },
    { label: "A's card's secret code", value: privateOfA!.code, seenBy: [] },
    { label: "A's counter code", value: world.codeA, seenBy: ['X'] },
    { label: "X's lead's e-mail", value: 'lena@example.com', seenBy: ['X'] },
    { label: "A's message to B", value: 'Private words for B', seenBy: ['A', 'B'] },
  ];
}, 60_000);

afterAll(async () => {
  await context.close();
});

const definitionOf = (row: Row): ApiRoute => {
  const definition = context.app.locals.apiRoutes.find(
    (route) => `${route.method.toUpperCase()} /api${route.path}` === row.route,
  );
  if (!definition) throw new Error(`${row.route} has no definition`);
  return definition;
};

const LET_IN: Record<Access, readonly Caller[]> = {
  public: CALLERS,
  'signed-in': ['A', 'B', 'X', 'Y'],
  consumer: ['A', 'B'],
  business: ['X', 'Y'],
};

/** The status the caller must get: from the definition's access, then from the table. */
function expectedStatus(row: Row, caller: Caller): number {
  const { access } = definitionOf(row);
  if (!LET_IN[access].includes(caller)) return caller === 'none' ? 401 : 403;
  const status = typeof row.answers === 'number' ? row.answers : row.answers[caller];
  if (status === undefined) throw new Error(`${row.route}: no answer listed for ${caller}`);
  return status;
}

/** Where a success answer differs from the definition's answer schema (extra fields included). */
function schemaMismatch(row: Row, status: number, text: string): string | null {
  const { answer } = definitionOf(row);
  if (status === 204 || answer.kind === 'raw' || answer.kind === 'empty') return null;
  const schema =
    answer.kind === 'json'
      ? (answer.otherStatuses?.find((other) => other.status === status)?.schema ?? answer.schema)
      : z.array(answer.item as z.ZodType<unknown>);
  const sent: unknown = JSON.parse(text);
  const parsed = schema.safeParse(sent);
  if (!parsed.success)
    return parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
  // Zod drops fields it does not know: an answer must hold nothing its schema does not say.
  return isDeepStrictEqual(parsed.data, sent) ? null : 'fields the schema does not describe';
}

const routeOf = (row: Row) => {
  const [method, path] = row.route.split(' ') as [string, string];
  return { method, path };
};

async function call(row: Row, caller: Caller): Promise<{ status: number; text: string }> {
  const { method, path: template } = routeOf(row);
  const path = row.path ? row.path(world) : template;
  const agent = agents[caller];
  const body = typeof row.body === 'function' ? row.body(caller, world) : row.body;
  const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let request = agent[verb](path).set('Accept', 'application/json');
  if (row.stream) {
    // The stream never ends: read the status line and hang up.
    request = request.buffer(false).parse((response, done) => {
      // superagent hands its parser Node's message, typed as its own Response.
      (response as unknown as IncomingMessage).destroy();
      done(null, null);
    });
  }
  if (body !== undefined) request = request.send(body as object);
  const response = await request;
  return { status: response.status, text: response.text ?? '' };
}

// What no answer may carry: a password hash (`scrypt$…`, hashPassword) or a column that holds one.
const SECRET = /scrypt\$|password_?hash|"password"/i;

// Fields that are the server's own business, under any name style: sessions, idempotency keys,
// client addresses, ledger accounts, stack traces and database errors.
const INTERNAL_KEY =
  /^(sess|sid|session_?id|idempotency_?key|ip|ip_?address|client_?address|account_?id|ledger_?account(_?id)?|balance_?cents|stack|sql|query|constraint|detail|routine)$/i;
const DATABASE_ERROR = /violates|duplicate key|relation "|syntax error|ECONNREFUSED|at .+\.ts:\d+/;

/** Every key anywhere in a JSON answer. */
function keysOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.push(key);
      keysOf(inner, found);
    }
  }
  return found;
}

/** What an answer gives away that it must not: a password, an internal field, another's data. */
function leaks(caller: Caller, text: string): string[] {
  const found: string[] = [];
  if (SECRET.test(text)) found.push('a password');
  if (DATABASE_ERROR.test(text)) found.push('a database error or stack trace');
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a QR image, a CSV file, a stream): only the text checks apply.
  }
  const internal = keysOf(parsed).filter((key) => INTERNAL_KEY.test(key));
  if (internal.length > 0) found.push(`internal fields ${[...new Set(internal)].join(', ')}`);
  for (const { label, value, seenBy } of world.privateValues) {
    if (!seenBy.includes(caller) && text.includes(value)) found.push(label);
  }
  return found;
}

// Bookkeeping a read may do: the session's expiry and the user's last-seen time move (and a
// rate-limit counter would count). Everything else must stay as it was.
const BOOKKEEPING = new Set(['session', 'rate_limits', '__drizzle_migrations']);

/** One digest per table of everything the app stores, but the bookkeeping above. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    context.database.db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    if (BOOKKEEPING.has(name)) continue;
    const [row] = await queryRows<{ digest: string }>(
      context.database.db,
      sql`select md5(coalesce(string_agg((to_jsonb(t) - 'last_seen_at')::text, ',' order by (to_jsonb(t) - 'last_seen_at')::text), '')) as digest
          from ${sql.identifier(name)} t`,
    );
    digests[name] = row!.digest;
  }
  return digests;
}

describe('authorization matrix', () => {
  it('lists every route the app defines, and only those', () => {
    const registered = context.app.locals.apiRoutes.map(
      (route) => `${route.method.toUpperCase()} /api${route.path}`,
    );
    const listed = ROWS.map((row) => row.route);
    expect(registered.filter((route) => !listed.includes(route))).toEqual([]);
    expect(listed.filter((route) => !registered.includes(route))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('changes nothing on any GET, whoever asks', async () => {
    const before = await fingerprint();
    expect(Object.keys(before)).toContain('gift_cards');
    for (const row of ROWS.filter((candidate) => candidate.route.startsWith('GET '))) {
      for (const caller of CALLERS) await call(row, caller);
    }
    expect(await fingerprint()).toEqual(before);
  }, 120_000);

  it('answers every cell as the table says, never 2xx on another owner’s object, never a secret', async () => {
    const mismatches: string[] = [];
    // Each private value does reach those allowed to see it: the leak check looks for real values.
    const answeredPrivately = new Set<string>();
    for (const row of ROWS) {
      for (const caller of CALLERS) {
        const { status, text } = await call(row, caller);
        for (const leak of row.reference ? [] : leaks(caller, text)) {
          mismatches.push(`${row.route} as ${caller}: ${leak} in ${text.slice(0, 300)}`);
        }
        for (const { label, value } of world.privateValues) {
          if (text.includes(value)) answeredPrivately.add(label);
        }
        const expected = expectedStatus(row, caller);
        if (status !== expected) {
          mismatches.push(`${row.route} as ${caller}: ${status}, expected ${expected}`);
        }
        if (status >= 200 && status < 300 && !row.stream) {
          const mismatch = schemaMismatch(row, status, text);
          if (mismatch) mismatches.push(`${row.route} as ${caller}: answer schema: ${mismatch}`);
        }
        if (row.owner && caller !== row.owner && status >= 200 && status < 300) {
          mismatches.push(`${row.route} as ${caller}: ${status} on ${row.owner}'s object`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect([...answeredPrivately].sort()).toEqual(
      world.privateValues
        .filter(({ seenBy }) => seenBy.length > 0)
        .map(({ label }) => label)
        .sort(),
    );
  }, 120_000);
});
