import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { redemptionCodes } from '@shared/tables/gift-cards';
import { type ApiRoute } from '../lib/api-route';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import {
  consumerWithCard,
  createTestPin,
  fundedBusiness,
  signedInConsumer,
} from '../testing/gift-cards';
import { caughtMailTo, waitForMailTo } from '../testing/mail';
import { cardToken } from '../testing/payments';
import { addPayoutAccountFor, forgetUsedCode, testBankAccount } from '../testing/payout-accounts';
import { insertTestStores } from '../testing/stores';
import { expectStepUp, moveClock } from '../testing/step-up';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor, totpCode } from '../testing/two-factor';

// Not the default (900): the window the server enforces and answers is the configured one.
const WINDOW_SECONDS = 600;

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext({ stepUpMaxAgeSeconds: WINDOW_SECONDS });
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Agent = ReturnType<TestContext['agent']>;

/** A minute past the window since the session's last proof (its sign-in). */
const proofGrowsOld = () => moveClock(WINDOW_SECONDS + 60);

async function confirmIdentity(agent: Agent, proof: Record<string, string> = {}) {
  const response = await agent
    .post('/api/user/confirm-identity')
    .send(Object.keys(proof).length > 0 ? proof : { password: TEST_PASSWORD });
  expect(response.status).toBe(200);
  return response.body as { confirmedUntil: string };
}

const routeKey = (route: Pick<ApiRoute, 'method' | 'path'>) =>
  `${route.method.toUpperCase()} ${route.path}`;
const routeTable = () => context.app.locals.apiRoutes;

/**
 * The routes that must ask for a recent proof, and whether always or only for some inputs: each
 * charges a saved card, moves value to someone else, shows a counter code, puts a business's
 * funds on offer, takes money out, redirects payouts or the redemptions a business takes, or
 * hands the account to whoever holds the session (sign-in e-mail, password, two-factor,
 * deletion).
 */
const MUST_ASK: Record<string, 'always' | 'when'> = {
  'POST /gift-cards/guest': 'when',
  'POST /gift-cards/:id/send': 'always',
  'POST /gift-cards/:id/redemption-code': 'always',
  'POST /pins': 'always',
  'POST /pins/:id/top-up': 'always',
  'POST /pins/:id/extend': 'always',
  'POST /wallet/add-funds': 'always',
  'POST /wallet/withdraw': 'always',
  'PUT /payments/payout-account': 'always',
  'DELETE /payments/payout-account': 'always',
  'PATCH /user/settings': 'when',
  'POST /user/email': 'always',
  'PUT /user/password': 'always',
  'POST /user/two-factor/disable': 'always',
  'POST /user/delete': 'always',
  // The wallet PIN is itself a proof: whoever could set it could then vouch for themselves.
  'PUT /user/wallet-pin': 'always',
  'DELETE /user/wallet-pin': 'always',
};

/** Where value or an account can change hands: the tags and the words of a path. */
const VALUE_TAGS = new Set([
  'Payments',
  'Payment Settings',
  'Wallet',
  'Pins',
  'Gift cards',
  'Redemptions',
]);
const VALUE_PATH =
  /fund|withdraw|payout|redeem|redemption|send|transfer|top-up|extend|charge|pay|gift|pins|wallet|card/;
const ACCOUNT_PATH = /password|email|two-factor|delete|identity/;
/** A read that answers a counter code must ask too. */
const SHOWS_A_CODE = /redemption-code|counter-code/;

/** Routes the rules catch that let nothing leave the caller's account: reviewed, one reason each. */
const REVIEWED_WITHOUT_STEP_UP: Record<string, string> = {
  'POST /test-payments/tokens':
    'test mode only: turns typed card details into a token, charges nothing',
  'POST /payments/cards': 'saves a card: nothing is charged, and charging it asks',
  'POST /payments/cards/:id/default': 'chooses which saved card a payment offers first',
  'DELETE /payments/cards/:id': 'removes a way to pay; nothing leaves',
  'POST /pins/:id/cancel': "what the pin holds goes back to the business's own funds",
  'POST /pins/:id/pause': "takes the pin off the marketplace; its cards stay the business's",
  'POST /pins/:id/resume': 'offers again only cards funded when the pin was made or topped up',
  'POST /pins/:id/claim': 'value comes to the caller from a pin its business funded',
  'POST /gift-cards/request': 'asks a friend for a card; moves nothing',
  'POST /gift-cards/requests/:id/decline': 'declines a request; moves nothing',
  'POST /redemptions/lookup': 'reads the card behind a code its holder shows',
  'POST /redemptions':
    'value comes to the caller, by a code its holder made after a recent proof of their own',
  'POST /password-reset': 'mails a link to the address on file; changes nothing',
  'POST /password-reset/confirm': 'public: the link mailed to the address on file is the proof',
  'POST /user/email/confirm': 'public: the link mailed to the new address is the proof',
  'POST /login/two-factor': 'is itself a proof: it finishes a sign-in',
  'POST /user/two-factor/setup': 'takes the password; two-factor stays off until enabled',
  'POST /user/two-factor/enable': 'adds a check to the account; takes nothing away',
  'POST /user/two-factor/recovery-codes': 'takes the password and a current code itself',
  'POST /user/confirm-identity': 'is the proof the others ask for',
};

describe('the route table', () => {
  it('declares step-up on every route that must ask, in the form it must', () => {
    const declared = new Map(routeTable().map((route) => [routeKey(route), route.stepUp]));
    const wrong = Object.entries(MUST_ASK).flatMap(([key, form]) => {
      if (!declared.has(key)) return [`${key}: no such route`];
      const stepUp = declared.get(key);
      if (stepUp === undefined) return [`${key}: no step-up`];
      const actual = stepUp === true ? 'always' : 'when';
      return actual === form ? [] : [`${key}: asks ${actual}, not ${form}`];
    });
    expect(wrong).toEqual([]);
  });

  it('leaves no route that may move value or an account without step-up or a reviewed reason', () => {
    const caught = routeTable().filter(
      (route) =>
        SHOWS_A_CODE.test(route.path) ||
        (route.method !== 'get' &&
          (VALUE_TAGS.has(route.tag) ||
            VALUE_PATH.test(route.path) ||
            ACCOUNT_PATH.test(route.path))),
    );
    expect(caught.length).toBeGreaterThan(Object.keys(MUST_ASK).length);
    const unreviewed = caught
      .filter((route) => route.stepUp === undefined)
      .map(routeKey)
      .filter((key) => !(key in REVIEWED_WITHOUT_STEP_UP));
    expect(unreviewed).toEqual([]);

    // A reviewed entry names a route that exists, still asks nothing, and the rules still catch.
    const stale = Object.keys(REVIEWED_WITHOUT_STEP_UP).filter(
      (key) => !caught.some((route) => routeKey(route) === key && route.stepUp === undefined),
    );
    expect(stale).toEqual([]);
  });

  it('never asks on every call of a public route (nobody there has a proof to show)', () => {
    const alwaysPublic = routeTable()
      .filter((route) => route.access === 'public' && route.stepUp === true)
      .map(routeKey);
    expect(alwaysPublic).toEqual([]);
  });

  it('documents step-up in the OpenAPI document, with the configured window', async () => {
    const document = (await request(context.app).get('/api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operation = (key: string) => {
      const [method, path] = key.split(' ');
      const documented = path!.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return document.paths[`/api${documented}`]![method!.toLowerCase()]!;
    };
    expect(operation('GET /wallet')).not.toHaveProperty('x-step-up');
    expect(operation('POST /pins/:id/claim')).not.toHaveProperty('x-step-up');
    for (const [key, form] of Object.entries(MUST_ASK)) {
      const described = operation(key);
      const stepUp = described['x-step-up'] as { when: string; maxAgeSeconds: number };
      expect(stepUp, key).toBeDefined();
      expect(stepUp.maxAgeSeconds, key).toBe(WINDOW_SECONDS);
      if (form === 'always') expect(stepUp.when, key).toBe('always');
      else expect(stepUp.when, key).not.toBe('always');
      expect(described.description, key).toContain('STEP_UP_REQUIRED');
      expect(described.description, key).toContain('10 minutes');
      const responses = described.responses as Record<string, { description: string }>;
      expect(responses['403']?.description, key).toContain('STEP_UP_REQUIRED');
    }
    // A role's own 403 is still described beside the step-up one.
    const withdraw = operation('POST /wallet/withdraw').responses as Record<
      string,
      { description: string }
    >;
    expect(withdraw['403']!.description).toContain('Only business accounts can do this');
  });
});

describe('the step-up window', () => {
  it('is the configured one: a proof a minute younger passes, a minute older is asked for', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    moveClock(WINDOW_SECONDS - 60);
    expect((await agent.post(`/api/gift-cards/${card.id}/redemption-code`)).status).toBe(201);
    moveClock(120);
    expectStepUp(await agent.post(`/api/gift-cards/${card.id}/redemption-code`));

    const { confirmedUntil } = await confirmIdentity(agent);
    expect(Date.parse(confirmedUntil)).toBe(Date.now() + WINDOW_SECONDS * 1000);
    expect((await agent.post(`/api/gift-cards/${card.id}/redemption-code`)).status).toBe(201);
  });

  it('answers a bad input its 400 before asking who is there', async () => {
    const { agent } = await signedInConsumer(context);
    proofGrowsOld();
    const response = await agent.post('/api/gift-cards/abc/send').send({});
    expect(response.status).toBe(400);
  });
});

describe('a proof older than the window is asked for, and nothing changes until it is given', () => {
  it('sending a gift card', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context);
    proofGrowsOld();
    const send = () =>
      agent
        .post(`/api/gift-cards/${card.id}/send`)
        .send({ recipientUsername: friend.user.username, message: 'For you' });
    expectStepUp(await send());
    expect((await friend.agent.get('/api/gift-cards/consumer/wallet')).body).toEqual([]);
    expect((await agent.get('/api/gift-cards/consumer/wallet')).body).toHaveLength(1);

    await confirmIdentity(agent);
    expect((await send()).status).toBe(201);
    expect((await friend.agent.get('/api/gift-cards/consumer/wallet')).body).toHaveLength(1);
  });

  it('buying a gift card with a saved card (a fresh card, or a guest, is not asked)', async () => {
    const buyer = context.agent();
    const buyerInput = consumerInput();
    await registerAs(buyer, buyerInput);
    const saved = await buyer
      .post('/api/payments/cards')
      .send({ paymentToken: await cardToken(context) });
    expect(saved.status).toBe(201);
    const recipient = await signedInConsumer(context);
    const gift = {
      recipientUsername: recipient.user.username,
      brand: 'starbucks',
      value: 10,
      senderEmail: buyerInput.email,
      message: '',
    };
    const received = async () =>
      ((await recipient.agent.get('/api/gift-cards/consumer/wallet')).body as unknown[]).length;
    proofGrowsOld();

    expectStepUp(
      await buyer.post('/api/gift-cards/guest').send({ ...gift, paymentMethodId: saved.body.id }),
    );
    expect(await received()).toBe(0);

    const freshCard = await buyer
      .post('/api/gift-cards/guest')
      .send({ ...gift, paymentToken: await cardToken(context) });
    expect(freshCard.status).toBe(201);
    const guest = await context
      .agent()
      .post('/api/gift-cards/guest')
      .send({ ...gift, senderEmail: 'guest@example.com', paymentToken: await cardToken(context) });
    expect(guest.status).toBe(201);
    expect(await received()).toBe(2);

    await confirmIdentity(buyer);
    const savedCard = await buyer
      .post('/api/gift-cards/guest')
      .send({ ...gift, paymentMethodId: saved.body.id });
    expect(savedCard.status).toBe(201);
    expect(await received()).toBe(3);
  });

  it('showing a counter code', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const codesOfCard = () =>
      context.database.db
        .select({ code: redemptionCodes.code })
        .from(redemptionCodes)
        .where(eq(redemptionCodes.giftCardId, card.id));
    proofGrowsOld();
    expectStepUp(await agent.post(`/api/gift-cards/${card.id}/redemption-code`));
    expect(await codesOfCard()).toEqual([]);

    await confirmIdentity(agent);
    const shown = await agent.post(`/api/gift-cards/${card.id}/redemption-code`);
    expect(shown.status).toBe(201);
    expect(await codesOfCard()).toHaveLength(1);
  });

  it('dropping, topping up and extending a pin', async () => {
    const business = await fundedBusiness(context, 1000);
    const pinId = await createTestPin(business.agent, store.starbucks);
    const state = async () => ({
      balance: (await business.agent.get('/api/wallet')).body.balance as number,
      pins: (await business.agent.get('/api/pins/mine')).body as unknown[],
    });
    const before = await state();
    expect(before.balance).toBe(950);
    proofGrowsOld();

    const drop = () =>
      business.agent.post('/api/pins').send({
        brand: 'starbucks',
        value: 10,
        quantity: 2,
        radius: 5,
        locationId: store.starbucks,
        promotionMessage: '',
        targetIdentifiers: [],
        showBusinessInfo: true,
      });
    const topUp = () => business.agent.post(`/api/pins/${pinId}/top-up`).send({ quantity: 3 });
    const extend = () => business.agent.post(`/api/pins/${pinId}/extend`).send({ days: 30 });
    expectStepUp(await drop());
    expectStepUp(await topUp());
    expectStepUp(await extend());
    expect(await state()).toEqual(before);

    await confirmIdentity(business.agent);
    expect((await drop()).status).toBe(201);
    const toppedUp = await topUp();
    expect([toppedUp.status, toppedUp.body.quantity]).toEqual([200, 8]);
    expect((await extend()).status).toBe(200);
    expect((await state()).balance).toBe(950 - 20 - 30);
  });

  it('withdrawing and adding funds', async () => {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 50, paymentToken: await cardToken(context) })
      .expect(201);
    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);
    const saved = await agent
      .post('/api/payments/cards')
      .send({ paymentToken: await cardToken(context) });
    expect(saved.status).toBe(201);
    proofGrowsOld();

    expectStepUp(await agent.post('/api/wallet/withdraw').send({ amount: 10 }));
    expectStepUp(
      await agent
        .post('/api/wallet/add-funds')
        .send({ amount: 5, paymentToken: await cardToken(context) }),
    );
    expectStepUp(
      await agent.post('/api/wallet/add-funds').send({ amount: 5, paymentMethodId: saved.body.id }),
    );
    expect((await agent.get('/api/wallet')).body.balance).toBe(50);

    await confirmIdentity(agent, { code: await totpCode(secret) });
    const withdrawn = await agent.post('/api/wallet/withdraw').send({ amount: 10 });
    expect([withdrawn.status, withdrawn.body.balance]).toEqual([201, 40]);
    const added = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 5, paymentMethodId: saved.body.id });
    expect([added.status, added.body.balance]).toEqual([201, 45]);
  });

  it('changing and removing the payout account', async () => {
    const agent = context.agent();
    const business = await registerAs(agent, businessInput());
    const { secret } = await enableTwoFactorFor(agent);
    const payoutAccount = async () => (await agent.get('/api/payments/payout-account')).body;
    proofGrowsOld();

    const save = async () =>
      agent
        .put('/api/payments/payout-account')
        .send({ ...testBankAccount, code: await totpCode(secret) });
    expectStepUp(await save());
    expect(await payoutAccount()).toBeNull();
    await confirmIdentity(agent);
    expect((await save()).status).toBe(200);
    expect(await payoutAccount()).toMatchObject({ holderName: testBankAccount.holderName });

    proofGrowsOld();
    await forgetUsedCode(context.database.db, business.id);
    const remove = async () =>
      agent.delete('/api/payments/payout-account').send({ code: await totpCode(secret) });
    expectStepUp(await remove());
    expect(await payoutAccount()).toMatchObject({ holderName: testBankAccount.holderName });
    await confirmIdentity(agent);
    expect((await remove()).status).toBe(204);
    expect(await payoutAccount()).toBeNull();
  });

  it('changing the brands a business accepts (its other details are not asked for)', async () => {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    const accepted = async () => (await agent.get('/api/user/settings')).body.acceptedBrands;
    proofGrowsOld();

    const change = () => agent.patch('/api/user/settings').send({ acceptedBrands: ['starbucks'] });
    expectStepUp(await change());
    expect(await accepted()).toEqual([]);
    const described = await agent
      .patch('/api/user/settings')
      .send({ description: 'Coffee by the bay' });
    expect(described.status).toBe(200);

    await confirmIdentity(agent);
    expect((await change()).status).toBe(200);
    expect(await accepted()).toEqual(['starbucks']);
  });

  it('changing the sign-in e-mail', async () => {
    const { agent, user } = await signedInConsumer(context);
    const newEmail = `moved_${user.id}_${Date.now()}@example.com`;
    proofGrowsOld();
    const change = () =>
      agent.post('/api/user/email').send({ newEmail, currentPassword: TEST_PASSWORD });
    expectStepUp(await change());

    await confirmIdentity(agent);
    // The letter goes through the job queue and the mail catcher, which need the real clock;
    // the proof just given is still recent on it.
    vi.useRealTimers();
    expect((await change()).status).toBe(202);
    // One letter: the refused request, sent first, queued none.
    await waitForMailTo(context.config.dataDir, newEmail);
    expect(await caughtMailTo(context.config.dataDir, newEmail)).toHaveLength(1);
  });

  it('changing the password', async () => {
    const agent = context.agent();
    const input = consumerInput();
    await registerAs(agent, input);
    const newPassword = 'another-horse-10';
    const signInWith = (password: string) =>
      context.agent().post('/api/login').send({ identifier: input.username, password });
    proofGrowsOld();

    const change = () =>
      agent.put('/api/user/password').send({ currentPassword: TEST_PASSWORD, newPassword });
    expectStepUp(await change());
    expect((await signInWith(TEST_PASSWORD)).status).toBe(200);

    await confirmIdentity(agent);
    expect((await change()).status).toBe(200);
    expect((await signInWith(newPassword)).status).toBe(200);
  });

  it('turning two-factor off', async () => {
    const { agent } = await signedInConsumer(context);
    const { secret } = await enableTwoFactorFor(agent);
    const enabled = async () => (await agent.get('/api/user/two-factor')).body.enabled;
    proofGrowsOld();

    const turnOff = async () =>
      agent
        .post('/api/user/two-factor/disable')
        .send({ password: TEST_PASSWORD, code: await totpCode(secret) });
    expectStepUp(await turnOff());
    expect(await enabled()).toBe(true);

    await confirmIdentity(agent);
    expect((await turnOff()).status).toBe(200);
    expect(await enabled()).toBe(false);
  });

  it('deleting the account', async () => {
    const { agent } = await signedInConsumer(context);
    proofGrowsOld();
    const remove = () => agent.post('/api/user/delete').send({ password: TEST_PASSWORD });
    expectStepUp(await remove());
    expect((await agent.get('/api/user')).status).toBe(200);

    await confirmIdentity(agent);
    expect((await remove()).status).toBe(204);
    expect((await agent.get('/api/user')).status).toBe(401);
  });
});
