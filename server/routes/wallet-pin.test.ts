import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { WALLET_PIN_MESSAGES } from '@shared/schema/wallet-pin';
import { users } from '@shared/tables/users';
import { verifyPassword } from '../auth/password';
import { businessInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { consumerWithCard, signedInConsumer } from '../testing/gift-cards';
import { insertTestStores } from '../testing/stores';
import { expectStepUp, moveClock } from '../testing/step-up';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor, totpCode } from '../testing/two-factor';

const WINDOW_SECONDS = 900;

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

const PIN = '482913';

/** A minute past the window since the session's last proof. */
const proofGrowsOld = () => moveClock(WINDOW_SECONDS + 60);

const storedPin = async (userId: number) => {
  const [row] = await context.database.db
    .select({ hash: users.walletPinHash, failures: users.walletPinFailures })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};

const setPin = (agent: Agent, pin: unknown) => agent.put('/api/user/wallet-pin').send({ pin });
const confirmWith = (agent: Agent, proof: Record<string, unknown>) =>
  agent.post('/api/user/confirm-identity').send(proof);

/** A consumer holding a card, with a wallet PIN set right after signing up. */
async function holderWithPin() {
  const holder = await consumerWithCard(context, store.starbucks);
  await setPin(holder.agent, PIN).expect(200);
  const showCode = () => holder.agent.post(`/api/gift-cards/${holder.card.id}/redemption-code`);
  return { ...holder, showCode };
}

describe('PUT /api/user/wallet-pin', () => {
  it('asks for a fresh proof when the last one is old, then sets the PIN, stored only as a hash', async () => {
    const { agent, user } = await signedInConsumer(context);
    proofGrowsOld();
    expectStepUp(await setPin(agent, PIN));
    expect(await storedPin(user.id)).toEqual({ hash: null, failures: 0 });

    await confirmWith(agent, { password: TEST_PASSWORD }).expect(200);
    const set = await setPin(agent, PIN);
    expect([set.status, set.body]).toEqual([200, { set: true, locked: false }]);
    const { hash } = await storedPin(user.id);
    expect(hash).not.toContain(PIN);
    expect(await verifyPassword(PIN, hash!)).toBe(true);
    expect((await agent.get('/api/user/wallet-pin')).body).toEqual({ set: true, locked: false });
  });

  it('refuses a PIN that is not 6 digits or is easily guessed with 400 and its message, changing nothing', async () => {
    const { agent, user } = await signedInConsumer(context);
    await setPin(agent, PIN).expect(200);
    const before = await storedPin(user.id);
    const refusals: Array<[unknown, string]> = [
      ['48291', WALLET_PIN_MESSAGES.newFormat],
      ['4829130', WALLET_PIN_MESSAGES.newFormat],
      ['abcdef', WALLET_PIN_MESSAGES.newFormat],
      ['48 291', WALLET_PIN_MESSAGES.newFormat],
      [482913, WALLET_PIN_MESSAGES.newFormat],
      ['111111', WALLET_PIN_MESSAGES.guessable],
      ['123456', WALLET_PIN_MESSAGES.guessable],
      ['654321', WALLET_PIN_MESSAGES.guessable],
      ['012345', WALLET_PIN_MESSAGES.guessable],
    ];
    for (const [pin, message] of refusals) {
      const response = await setPin(agent, pin);
      expect([pin, response.status, response.body.message]).toEqual([pin, 400, message]);
    }
    expect(await storedPin(user.id)).toEqual(before);
  });

  it('changes the PIN: the old one stops working, the new one works', async () => {
    const { agent } = await signedInConsumer(context);
    await setPin(agent, PIN).expect(200);
    await setPin(agent, '790215').expect(200);
    const old = await confirmWith(agent, { pin: PIN });
    expect(old.status).toBe(400);
    await confirmWith(agent, { pin: '790215' }).expect(200);
  });

  it('answers 401 without a session, and a business 403 (consumers hold the cards)', async () => {
    const guest = context.agent();
    expect((await guest.get('/api/user/wallet-pin')).status).toBe(401);
    expect((await setPin(guest, PIN)).status).toBe(401);
    expect((await guest.delete('/api/user/wallet-pin')).status).toBe(401);

    const business = context.agent();
    const { id } = await registerAs(business, businessInput());
    expect((await business.get('/api/user/wallet-pin')).status).toBe(403);
    expect((await setPin(business, PIN)).status).toBe(403);
    expect((await business.delete('/api/user/wallet-pin')).status).toBe(403);
    expect(await storedPin(id)).toEqual({ hash: null, failures: 0 });
  });

  it('takes no PIN as the proof for changing or removing the PIN: the password is asked', async () => {
    const { agent, user } = await signedInConsumer(context);
    await setPin(agent, PIN).expect(200);
    const { hash } = await storedPin(user.id);
    proofGrowsOld();
    await confirmWith(agent, { pin: PIN }).expect(200);

    expectStepUp(await setPin(agent, '790215'));
    expectStepUp(await agent.delete('/api/user/wallet-pin'));
    expect((await storedPin(user.id)).hash).toBe(hash);

    await confirmWith(agent, { password: TEST_PASSWORD }).expect(200);
    await setPin(agent, '790215').expect(200);
  });

  it('proves who is asking for a counter code only: giving the card away still asks for the password', async () => {
    const { agent, card, showCode } = await holderWithPin();
    const friend = await signedInConsumer(context);
    proofGrowsOld();
    await confirmWith(agent, { pin: PIN }).expect(200);
    expect((await showCode()).status).toBe(201);

    const send = () =>
      agent
        .post(`/api/gift-cards/${card.id}/send`)
        .send({ recipientUsername: friend.user.username, message: '' });
    expectStepUp(await send());

    await confirmWith(agent, { password: TEST_PASSWORD }).expect(200);
    expect((await send()).status).toBe(201);
  });
});

describe('DELETE /api/user/wallet-pin', () => {
  it('asks for a fresh proof, then removes the PIN: confirming with it answers 409', async () => {
    const { agent, user } = await signedInConsumer(context);
    await setPin(agent, PIN).expect(200);
    proofGrowsOld();
    expectStepUp(await agent.delete('/api/user/wallet-pin'));
    expect((await storedPin(user.id)).hash).not.toBeNull();

    await confirmWith(agent, { password: TEST_PASSWORD }).expect(200);
    const removed = await agent.delete('/api/user/wallet-pin');
    expect([removed.status, removed.body]).toEqual([200, { set: false, locked: false }]);
    expect(await storedPin(user.id)).toEqual({ hash: null, failures: 0 });

    const withPin = await confirmWith(agent, { pin: PIN });
    expect([withPin.status, withPin.body.errors]).toEqual([
      409,
      { pin: WALLET_PIN_MESSAGES.notSet },
    ]);
  });
});

describe('POST /api/user/confirm-identity with the wallet PIN', () => {
  it('records a proof with the right PIN: the counter code is shown again', async () => {
    const { agent, showCode } = await holderWithPin();
    proofGrowsOld();
    expectStepUp(await showCode());

    const confirmed = await confirmWith(agent, { pin: PIN });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.confirmedUntil)).toBe(Date.now() + WINDOW_SECONDS * 1000);
    expect((await showCode()).status).toBe(201);
  });

  it('refuses a wrong PIN with 400 and the tries left, records no proof, and counts it', async () => {
    const { agent, user, showCode } = await holderWithPin();
    proofGrowsOld();
    const wrong = await confirmWith(agent, { pin: '000001' });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { message: 'Wrong PIN. 4 tries left.', errors: { pin: 'Wrong PIN. 4 tries left.' } },
    ]);
    expect((await confirmWith(agent, { pin: '000002' })).body.message).toBe(
      'Wrong PIN. 3 tries left.',
    );
    expect((await storedPin(user.id)).failures).toBe(2);
    expectStepUp(await showCode());

    // The right PIN starts the count again.
    await confirmWith(agent, { pin: PIN }).expect(200);
    expect((await storedPin(user.id)).failures).toBe(0);
    expect((await confirmWith(agent, { pin: '000003' })).body.message).toBe(
      'Wrong PIN. 4 tries left.',
    );
  });

  it('refuses a malformed PIN or two proofs at once with 400, before counting a try', async () => {
    const { agent, user } = await holderWithPin();
    const short = await confirmWith(agent, { pin: '12345' });
    expect([short.status, short.body.message]).toEqual([400, WALLET_PIN_MESSAGES.format]);
    const both = await confirmWith(agent, { pin: PIN, password: TEST_PASSWORD });
    expect([both.status, both.body.message]).toEqual([400, TWO_FACTOR_MESSAGES.oneProof]);
    expect((await storedPin(user.id)).failures).toBe(0);
  });

  it('compares at most 5 of 40 wrong PINs sent at once; then only the password proves, and unlocks the PIN', async () => {
    const { agent, user, showCode } = await holderWithPin();
    proofGrowsOld();
    const guesses = Array.from({ length: 40 }, (_, index) =>
      confirmWith(agent, { pin: String(100000 + index * 7919) }),
    );
    const answers = await Promise.all(guesses);
    const compared = answers.filter((answer) => answer.status === 400);
    const refused = answers.filter((answer) => answer.status === 403);
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(compared.length + refused.length).toBe(40);
    for (const answer of refused) {
      expect(answer.body).toEqual({
        message: WALLET_PIN_MESSAGES.locked,
        errors: { pin: WALLET_PIN_MESSAGES.locked },
        code: 'WALLET_PIN_LOCKED',
      });
    }
    expect((await storedPin(user.id)).failures).toBe(5);
    expect((await agent.get('/api/user/wallet-pin')).body).toEqual({ set: true, locked: true });

    // Locked: even the right PIN is refused, and proves nothing.
    const right = await confirmWith(agent, { pin: PIN });
    expect([right.status, right.body.code]).toEqual([403, 'WALLET_PIN_LOCKED']);
    expectStepUp(await showCode());

    await confirmWith(agent, { password: TEST_PASSWORD }).expect(200);
    expect((await agent.get('/api/user/wallet-pin')).body).toEqual({ set: true, locked: false });
    expect((await showCode()).status).toBe(201);
    await confirmWith(agent, { pin: PIN }).expect(200);
  });

  it('says the PIN is locked on the wrong try that locks it', async () => {
    const { agent } = await holderWithPin();
    for (const left of [4, 3, 2, 1]) {
      expect((await confirmWith(agent, { pin: '000001' })).body.message).toBe(
        WALLET_PIN_MESSAGES.wrongPin(left),
      );
    }
    const last = await confirmWith(agent, { pin: '000001' });
    expect([last.status, last.body.errors]).toEqual([
      400,
      { pin: WALLET_PIN_MESSAGES.wrongPin(0) },
    ]);
    expect((await confirmWith(agent, { pin: '000001' })).status).toBe(403);
  });

  it('unlocks the PIN with an authentication code too', async () => {
    const { agent, user } = await holderWithPin();
    const { secret } = await enableTwoFactorFor(agent);
    await context.database.db
      .update(users)
      .set({ walletPinFailures: 5 })
      .where(eq(users.id, user.id));
    expect((await confirmWith(agent, { pin: PIN })).status).toBe(403);
    await confirmWith(agent, { code: await totpCode(secret, 1) }).expect(200);
    expect((await storedPin(user.id)).failures).toBe(0);
    await confirmWith(agent, { pin: PIN }).expect(200);
  });

  it('unlocks the PIN when its owner signs in again with the password', async () => {
    const { agent, user } = await holderWithPin();
    await context.database.db
      .update(users)
      .set({ walletPinFailures: 5 })
      .where(eq(users.id, user.id));
    expect((await confirmWith(agent, { pin: PIN })).status).toBe(403);
    const again = context.agent();
    await again
      .post('/api/login')
      .send({ identifier: user.username, password: TEST_PASSWORD })
      .expect(200);
    expect((await storedPin(user.id)).failures).toBe(0);
    await confirmWith(agent, { pin: PIN }).expect(200);
  });

  it('answers 409 for a PIN when none is set', async () => {
    const { agent } = await signedInConsumer(context);
    const response = await confirmWith(agent, { pin: PIN });
    expect([response.status, response.body.message]).toEqual([409, WALLET_PIN_MESSAGES.notSet]);
  });
});
