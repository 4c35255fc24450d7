import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { recoveryCodes } from '@shared/tables/accounts';
import { users } from '@shared/tables/users';
import { atOnce, expectRefusalsSay, statusCounts } from '../testing/bursts';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { consumerWithCard, signedInConsumer } from '../testing/gift-cards';
import { cardToken } from '../testing/payments';
import { addPayoutAccountFor } from '../testing/payout-accounts';
import { insertTestStores } from '../testing/stores';
import { createTestContext, type TestContext } from '../testing/test-app';
import { enableTwoFactorFor, totpCode } from '../testing/two-factor';

let context: TestContext;
let store: { starbucks: number; dunkin: number };
beforeAll(async () => {
  context = await createTestContext();
  store = await insertTestStores(context.database.db);
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.useRealTimers();
});

type Agent = ReturnType<TestContext['agent']>;

/** A signed-in consumer; answers the agent and the username to sign in with. */
async function signedIn(): Promise<{ agent: Agent; username: string; id: number }> {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput());
  return { agent, username: user.username, id: user.id };
}

/** Moves the server's clock (Date only: timers and the database keep their own time). */
function moveClock(minutes: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + minutes * 60 * 1000);
}

const stored = async (userId: number) => {
  const [row] = await context.database.db
    .select({
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
};

const passwordStep = (agent: Agent, username: string, password = TEST_PASSWORD) =>
  agent.post('/api/login').send({ identifier: username, password });

describe('POST /api/user/two-factor/setup', () => {
  it('answers a QR code, the otpauth URI and the secret, and leaves two-factor off', async () => {
    const { agent, username, id } = await signedIn();
    const response = await agent
      .post('/api/user/two-factor/setup')
      .send({ password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['qrCode', 'secret', 'uri']);
    expect(response.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(response.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(response.body.uri).toBe(
      `otpauth://totp/mark.it:${username}?secret=${response.body.secret}&issuer=mark.it`,
    );
    expect((await agent.get('/api/user/two-factor')).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(await stored(id)).toMatchObject({ secret: response.body.secret, enabledAt: null });
  });

  it('refuses a wrong password with 400 and keeps no secret', async () => {
    const { agent, id } = await signedIn();
    const response = await agent.post('/api/user/two-factor/setup').send({ password: 'nope-nope' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: TWO_FACTOR_MESSAGES.wrongPassword,
      errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
    });
    expect((await stored(id)).secret).toBeNull();
  });

  it('answers 400 without a password, 401 without a session, 409 when already on', async () => {
    const { agent } = await signedIn();
    const empty = await agent.post('/api/user/two-factor/setup').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Enter your password');
    expect(
      (await request(context.app).post('/api/user/two-factor/setup').send({ password: 'x' }))
        .status,
    ).toBe(401);
    await enableTwoFactorFor(agent);
    const again = await agent.post('/api/user/two-factor/setup').send({ password: TEST_PASSWORD });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });
});

describe('POST /api/user/two-factor/enable', () => {
  it('refuses a wrong code with 400 and leaves two-factor off', async () => {
    const { agent, id } = await signedIn();
    const setup = await agent.post('/api/user/two-factor/setup').send({ password: TEST_PASSWORD });
    const right = await totpCode(setup.body.secret);
    const wrong = right === '000000' ? '111111' : '000000';
    const response = await agent.post('/api/user/two-factor/enable').send({ code: wrong });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Invalid authentication code');
    expect((await agent.get('/api/user/two-factor')).body.enabled).toBe(false);
    expect((await stored(id)).enabledAt).toBeNull();
    // Signing in still takes the password alone.
    const login = await passwordStep(context.agent(), (await agent.get('/api/user')).body.username);
    expect(login.status).toBe(200);
  });

  it('turns two-factor on with the code and answers ten recovery codes, kept only as hashes', async () => {
    const { agent, id } = await signedIn();
    const setup = await agent.post('/api/user/two-factor/setup').send({ password: TEST_PASSWORD });
    const response = await agent
      .post('/api/user/two-factor/enable')
      .send({ code: await totpCode(setup.body.secret) });
    expect(response.status).toBe(200);
    const codes = response.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await agent.get('/api/user/two-factor')).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await stored(id)).enabledAt).not.toBeNull();
    const hashes = await context.database.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, id));
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) {
      expect(codes.some((code) => codeHash.includes(code.replace('-', '')))).toBe(false);
    }
  });

  it('answers 409 before setup, 400 for a malformed code and 401 without a session', async () => {
    const { agent } = await signedIn();
    const early = await agent.post('/api/user/two-factor/enable').send({ code: '123456' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(TWO_FACTOR_MESSAGES.noSetup);
    const malformed = await agent.post('/api/user/two-factor/enable').send({ code: '12ab' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({ code: TWO_FACTOR_MESSAGES.codeFormat });
    expect(
      (await request(context.app).post('/api/user/two-factor/enable').send({ code: '123456' }))
        .status,
    ).toBe(401);
  });
});

describe('POST /api/login with two-factor on', () => {
  it('signs in a user without two-factor at once, as before', async () => {
    const { username } = await signedIn();
    const agent = context.agent();
    const response = await passwordStep(agent, username);
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(username);
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('asks for the code after a right password and signs nobody in until then', async () => {
    const { agent: owner, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(owner);
    const agent = context.agent();
    const step = await passwordStep(agent, username);
    expect(step.status).toBe(202);
    expect(step.body).toEqual({ twoFactorRequired: true });
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await agent.get('/api/wallet')).status).toBe(401);

    // The code of the next step: the current one went to turning two-factor on.
    const code = await totpCode(secret, 1);
    const response = await agent.post('/api/login/two-factor').send({ code });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(username);
    expect(response.headers['set-cookie']?.[0]).toMatch(/^markit\.sid=/);
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('refuses a wrong code and a code already used, with 401', async () => {
    const { agent: owner, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(owner);
    const code = await totpCode(secret, 1);

    const first = context.agent();
    await passwordStep(first, username).expect(202);
    const wrong = await first
      .post('/api/login/two-factor')
      .send({ code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid authentication code');
    expect((await first.get('/api/user')).status).toBe(401);
    await first.post('/api/login/two-factor').send({ code }).expect(200);

    // The same code again, on another device: refused, however right it still is in time.
    const second = context.agent();
    await passwordStep(second, username).expect(202);
    const reused = await second.post('/api/login/two-factor').send({ code });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe('Invalid authentication code');
    expect((await second.get('/api/user')).status).toBe(401);
    // Nor does the code of the step the enrolment used.
    const older = await second.post('/api/login/two-factor').send({ code: await totpCode(secret) });
    expect(older.status).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    const { agent: owner, username } = await signedIn();
    const { recoveryCodes: codes } = await enableTwoFactorFor(owner);
    const first = context.agent();
    await passwordStep(first, username).expect(202);
    // Typed in capitals without the dash: still the same code.
    const typed = codes[3]!.replace('-', '').toUpperCase();
    await first.post('/api/login/two-factor').send({ recoveryCode: typed }).expect(200);
    expect((await first.get('/api/user/two-factor')).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const second = context.agent();
    await passwordStep(second, username).expect(202);
    const again = await second.post('/api/login/two-factor').send({ recoveryCode: codes[3] });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Invalid recovery code');
    await second.post('/api/login/two-factor').send({ recoveryCode: codes[4] }).expect(200);
  });

  it('answers 401 without a password step, after a wrong password, and after 5 minutes', async () => {
    const { agent: owner, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(owner);
    const code = await totpCode(secret, 1);
    const expired = { message: TWO_FACTOR_MESSAGES.signInExpired };

    const none = await context.agent().post('/api/login/two-factor').send({ code });
    expect(none.status).toBe(401);
    expect(none.body).toEqual(expired);

    const wrongPassword = context.agent();
    await passwordStep(wrongPassword, username, 'not-the-password').expect(401);
    expect((await wrongPassword.post('/api/login/two-factor').send({ code })).body).toEqual(
      expired,
    );

    const late = context.agent();
    await passwordStep(late, username).expect(202);
    moveClock(6);
    const answer = await late.post('/api/login/two-factor').send({ code: await totpCode(secret) });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(expired);
  });

  it('answers 400 for no code, a malformed one, or both kinds at once', async () => {
    const agent = context.agent();
    const empty = await agent.post('/api/login/two-factor').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(TWO_FACTOR_MESSAGES.secondFactorRequired);
    expect((await agent.post('/api/login/two-factor').send({ code: 'abc' })).status).toBe(400);
    const both = await agent
      .post('/api/login/two-factor')
      .send({ code: '123456', recoveryCode: 'abcde-fghjk' });
    expect(both.status).toBe(400);
  });

  it('limits wrong codes per account: 429 once the limit is reached, even for the right code', async () => {
    const { agent: owner, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(owner);
    const right = await totpCode(secret, 1);
    const wrong = right === '000000' ? '111111' : '000000';
    const agent = context.agent();
    await passwordStep(agent, username).expect(202);
    const limit = context.config.rateLimits.twoFactorPerAccount;
    for (let attempt = 0; attempt < limit; attempt++) {
      await agent.post('/api/login/two-factor').send({ code: wrong }).expect(401);
    }
    const limited = await agent.post('/api/login/two-factor').send({ code: right });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TWO_FACTOR_MESSAGES.rateLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await agent.get('/api/user')).status).toBe(401);
    // Another device is refused too: the limit is the account's.
    const other = context.agent();
    await passwordStep(other, username).expect(202);
    expect((await other.post('/api/login/two-factor').send({ code: right })).status).toBe(429);
  });
});

describe('POST /api/user/two-factor/disable and /recovery-codes', () => {
  it('turns two-factor off only with the password and a code', async () => {
    const { agent, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(agent);
    const code = await totpCode(secret, 1);
    const wrongPassword = await agent
      .post('/api/user/two-factor/disable')
      .send({ password: 'not-it-at-all', code });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual({ password: TWO_FACTOR_MESSAGES.wrongPassword });
    const wrongCode = await agent
      .post('/api/user/two-factor/disable')
      .send({ password: TEST_PASSWORD, code: code === '000000' ? '111111' : '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.errors).toEqual({ code: 'Invalid authentication code' });
    expect((await agent.get('/api/user/two-factor')).body.enabled).toBe(true);

    const off = await agent
      .post('/api/user/two-factor/disable')
      .send({ password: TEST_PASSWORD, code });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await passwordStep(context.agent(), username)).status).toBe(200);
    const again = await agent
      .post('/api/user/two-factor/disable')
      .send({ password: TEST_PASSWORD, code });
    expect(again.status).toBe(409);
  });

  it('makes new recovery codes and the old ones stop working', async () => {
    const { agent, username } = await signedIn();
    const { recoveryCodes: old } = await enableTwoFactorFor(agent);
    const response = await agent
      .post('/api/user/two-factor/recovery-codes')
      .send({ password: TEST_PASSWORD, recoveryCode: old[0] });
    expect(response.status).toBe(200);
    const fresh = response.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect((await agent.get('/api/user/two-factor')).body.recoveryCodesLeft).toBe(10);

    const device = context.agent();
    await passwordStep(device, username).expect(202);
    await device.post('/api/login/two-factor').send({ recoveryCode: old[1] }).expect(401);
    await device.post('/api/login/two-factor').send({ recoveryCode: fresh[0] }).expect(200);
  });

  it('answers 400 for bad input, 401 without a session, 409 while off', async () => {
    const { agent } = await signedIn();
    for (const path of ['/api/user/two-factor/disable', '/api/user/two-factor/recovery-codes']) {
      expect((await agent.post(path).send({ password: TEST_PASSWORD })).status).toBe(400);
      const off = await agent.post(path).send({ password: TEST_PASSWORD, code: '123456' });
      expect(off.status).toBe(409);
      expect(off.body.message).toBe(TWO_FACTOR_MESSAGES.notOn);
      const anonymous = await request(context.app)
        .post(path)
        .send({ password: TEST_PASSWORD, code: '123456' });
      expect(anonymous.status).toBe(401);
    }
    expect((await request(context.app).get('/api/user/two-factor')).status).toBe(401);
  });
});

describe('a business withdrawing', () => {
  it('is refused without two-factor, and can withdraw with it', async () => {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 50, paymentToken: await cardToken(context) })
      .expect(201);
    const refused = await agent.post('/api/wallet/withdraw').send({ amount: 10 });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Turn on two-factor authentication in Settings before withdrawing.',
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect((await agent.get('/api/wallet')).body.balance).toBe(50);

    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);
    const done = await agent.post('/api/wallet/withdraw').send({ amount: 10 });
    expect(done.status).toBe(201);
    expect(done.body.balance).toBe(40);
  });
});

describe('step-up before moving money', () => {
  it('asks a business again after 15 minutes, and withdraws after confirm-identity', async () => {
    const agent = context.agent();
    await registerAs(agent, businessInput());
    await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 50, paymentToken: await cardToken(context) })
      .expect(201);
    const { secret } = await enableTwoFactorFor(agent);
    await addPayoutAccountFor(agent, secret);

    moveClock(14);
    await agent.post('/api/wallet/withdraw').send({ amount: 1 }).expect(201);
    moveClock(2);
    const stale = await agent.post('/api/wallet/withdraw').send({ amount: 5 });
    expect(stale.status).toBe(403);
    expect(stale.body).toEqual({
      message: TWO_FACTOR_MESSAGES.stepUpRequired,
      code: 'STEP_UP_REQUIRED',
    });
    const addFunds = await agent
      .post('/api/wallet/add-funds')
      .send({ amount: 5, paymentToken: await cardToken(context) });
    expect(addFunds.body.code).toBe('STEP_UP_REQUIRED');
    expect((await agent.get('/api/wallet')).body.balance).toBe(49);

    const wrong = await agent.post('/api/user/confirm-identity').send({ password: 'guess-guess' });
    expect(wrong.status).toBe(400);
    expect((await agent.post('/api/wallet/withdraw').send({ amount: 5 })).status).toBe(403);

    const confirmed = await agent
      .post('/api/user/confirm-identity')
      .send({ code: await totpCode(secret) });
    expect(confirmed.status).toBe(200);
    expect(Date.parse(confirmed.body.confirmedUntil)).toBe(
      Date.now() + context.config.stepUpMaxAgeSeconds * 1000,
    );
    const done = await agent.post('/api/wallet/withdraw').send({ amount: 5 });
    expect(done.status).toBe(201);
    expect(done.body.balance).toBe(44);
  });

  it('asks a consumer again before sending a card, and sends after the password', async () => {
    const { agent, card } = await consumerWithCard(context, store.starbucks);
    const friend = await signedInConsumer(context);
    moveClock(16);
    const stale = await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username });
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe('STEP_UP_REQUIRED');
    expect((await friend.agent.get('/api/gift-cards/consumer/wallet')).body).toEqual([]);

    await agent.post('/api/user/confirm-identity').send({ password: TEST_PASSWORD }).expect(200);
    await agent
      .post(`/api/gift-cards/${card.id}/send`)
      .send({ recipientUsername: friend.user.username })
      .expect(201);
  });

  it('answers confirm-identity 400 for bad input, 409 for a code while off, 401 without a session', async () => {
    const { agent } = await signedIn();
    const empty = await agent.post('/api/user/confirm-identity').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(TWO_FACTOR_MESSAGES.oneProof);
    const both = await agent
      .post('/api/user/confirm-identity')
      .send({ password: TEST_PASSWORD, code: '123456' });
    expect(both.status).toBe(400);
    const code = await agent.post('/api/user/confirm-identity').send({ code: '123456' });
    expect(code.status).toBe(409);
    expect(
      (await request(context.app).post('/api/user/confirm-identity').send({ password: 'x' }))
        .status,
    ).toBe(401);
  });
});

describe('secrets stay secret', () => {
  it('never answers the secret or a recovery code after enrolment', async () => {
    const { agent, username } = await signedIn();
    const { secret, recoveryCodes: codes } = await enableTwoFactorFor(agent);
    const device = context.agent();
    const answers = [
      await passwordStep(device, username),
      await device.post('/api/login/two-factor').send({ code: await totpCode(secret, 1) }),
      await device.get('/api/user'),
      await device.get('/api/session'),
      await device.get('/api/user/two-factor'),
      await device.post('/api/user/confirm-identity').send({ password: TEST_PASSWORD }),
      await device.post('/api/user/two-factor/setup').send({ password: TEST_PASSWORD }),
      await agent.get(`/api/user/profile/${username}`),
    ];
    for (const answer of answers) {
      const text = `${JSON.stringify(answer.headers)} ${answer.text}`;
      expect(text).not.toContain(secret);
      for (const code of codes) {
        expect(text).not.toContain(code);
        expect(text).not.toContain(code.replace('-', ''));
      }
    }
  });
});

describe('proof limits under concurrency', () => {
  const limit = () => context.config.rateLimits.twoFactorPerAccount;
  const wrongOf = (right: string) => (right === '000000' ? '111111' : '000000');

  it('checks at most the limit of 40 wrong codes sent at once at the sign-in code step', async () => {
    const { agent: owner, username } = await signedIn();
    const { secret } = await enableTwoFactorFor(owner);
    const right = await totpCode(secret, 1);
    const agent = context.agent();
    await passwordStep(agent, username).expect(202);
    const burst = await atOnce(40, () =>
      agent.post('/api/login/two-factor').send({ code: wrongOf(right) }),
    );
    expect(statusCounts(burst)).toEqual({ 401: limit(), 429: 40 - limit() });
    expectRefusalsSay(burst, TWO_FACTOR_MESSAGES.rateLimited, 15 * 60);
    // The right code does not get through a full window.
    expect((await agent.post('/api/login/two-factor').send({ code: right })).status).toBe(429);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it("checks at most the limit of 40 wrong passwords sent at once to 'Confirm it's you'", async () => {
    const { agent } = await signedIn();
    const burst = await atOnce(40, () =>
      agent.post('/api/user/confirm-identity').send({ password: 'guess-guess' }),
    );
    expect(statusCounts(burst)).toEqual({ 400: limit(), 429: 40 - limit() });
    expectRefusalsSay(burst, TWO_FACTOR_MESSAGES.rateLimited, 15 * 60);
    const right = await agent.post('/api/user/confirm-identity').send({ password: TEST_PASSWORD });
    expect(right.status).toBe(429);
  });

  it("checks at most the limit of 40 wrong codes sent at once to 'Confirm it's you'", async () => {
    const { agent } = await signedIn();
    const { secret } = await enableTwoFactorFor(agent);
    const right = await totpCode(secret, 1);
    const burst = await atOnce(40, () =>
      agent.post('/api/user/confirm-identity').send({ code: wrongOf(right) }),
    );
    expect(statusCounts(burst)).toEqual({ 400: limit(), 429: 40 - limit() });
    expect((await agent.post('/api/user/confirm-identity').send({ code: right })).status).toBe(429);
  });

  it('checks at most the limit of 40 wrong codes sent at once to turn two-factor off', async () => {
    const { agent } = await signedIn();
    const { secret } = await enableTwoFactorFor(agent);
    const right = await totpCode(secret, 1);
    const burst = await atOnce(40, () =>
      agent
        .post('/api/user/two-factor/disable')
        .send({ password: TEST_PASSWORD, code: wrongOf(right) }),
    );
    // The right password gives its slot back; each wrong code keeps one. (A request may also be
    // refused at the password while others hold its slots, so the 400s can be fewer.)
    const counts = statusCounts(burst);
    expect(counts[400]).toBeLessThanOrEqual(limit());
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect((await agent.get('/api/user/two-factor')).body.enabled).toBe(true);
  });

  it('a right proof gives back its own slot, never the wrong ones before it', async () => {
    const { agent } = await signedIn();
    const wrong = await atOnce(limit() - 1, () =>
      agent.post('/api/user/confirm-identity').send({ password: 'guess-guess' }),
    );
    expect(statusCounts(wrong)).toEqual({ 400: limit() - 1 });
    // Right ones, one after another, do not fill the window...
    for (let attempt = 0; attempt < 3; attempt++) {
      await agent.post('/api/user/confirm-identity').send({ password: TEST_PASSWORD }).expect(200);
    }
    // ...nor empty it: one more wrong one fills it.
    await agent.post('/api/user/confirm-identity').send({ password: 'guess-guess' }).expect(400);
    const full = await agent.post('/api/user/confirm-identity').send({ password: TEST_PASSWORD });
    expect(full.status).toBe(429);
  });
});
