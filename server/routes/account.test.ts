import request from 'supertest';
import { SESSION_CACHE_TTL_MS } from '../auth/cached-session-store';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_LINKS } from '@shared/constants';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import {
  REMEMBERED_ABSOLUTE_LIFETIME_MS,
  REMEMBERED_COOKIE_RENEWAL_MS,
  REMEMBERED_IDLE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '../auth/session';
import { atOnce, expectRefusalsSay, statusCounts } from '../testing/bursts';
import { consumerInput, businessInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { caughtMailTo, linkIn, waitForMailTo } from '../testing/mail';
import { createTestContext, type TestContext } from '../testing/test-app';

const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const NEW_PASSWORD = 'battery-staple-42';

let context: TestContext;
beforeAll(async () => {
  // Behind one proxy (TRUST_PROXY=loopback), so a test can come from an address of its own.
  context = await createTestContext({
    trustProxy: 'loopback',
    rateLimits: { passwordResetsPerHour: 1_000 },
  });
});
afterAll(async () => {
  await context.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

let addresses = 0;
const nextAddress = () => `198.51.100.${++addresses}`;

/** A browser (its own cookies and client address) signed in as a new consumer. */
async function signedInConsumer(userAgent = CHROME_ON_MAC) {
  const agent = context.agent().set('User-Agent', userAgent).set('X-Forwarded-For', nextAddress());
  const input = consumerInput();
  const user = await registerAs(agent, input);
  return { agent, user, email: input.email, username: input.username };
}

/** Another browser signing in to the account, with the password given. */
async function anotherBrowser(username: string, userAgent = SAFARI_ON_IPHONE, remember = false) {
  const agent = context.agent().set('User-Agent', userAgent).set('X-Forwarded-For', nextAddress());
  const response = await agent
    .post('/api/login')
    .send({ identifier: username, password: TEST_PASSWORD, ...(remember && { remember }) });
  expect(response.status).toBe(200);
  return { agent, response };
}

const signInStatus = async (identifier: string, password: string) =>
  (
    await request(context.app)
      .post('/api/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ identifier, password })
  ).status;

function sessionCookieOf(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('markit.sid='));
}

/** The session id a cookie carries (what the list must never show). */
const sidOf = (cookie: string) =>
  decodeURIComponent(cookie.split(';')[0]!.slice('markit.sid='.length)).slice(2).split('.')[0]!;

/** Asks for a reset link for the address and reads it from the caught mail (real SMTP). */
async function resetLinkFor(email: string, count = 1): Promise<string> {
  const response = await request(context.app)
    .post('/api/password-reset')
    .set('X-Forwarded-For', nextAddress())
    .send({ email });
  expect(response.status).toBe(202);
  const mail = await waitForMailTo(context.config.dataDir, email, { count });
  const reset = mail.filter((message) => message.subject === 'Reset your mark.it password');
  const url = linkIn(reset.at(-1)!, ACCOUNT_LINKS.resetPasswordPath);
  expect(url.origin).toBe(context.config.publicUrl);
  return url.searchParams.get('token')!;
}

/** Moves the clocks the session code reads (the row's expiry and the store's memory) ahead. */
function advanceClock(ms: number) {
  const now = Date.now();
  const monotonic = performance.now();
  vi.spyOn(Date, 'now').mockReturnValue(now + ms);
  vi.spyOn(performance, 'now').mockReturnValue(monotonic + ms);
}

describe('POST /api/password-reset', () => {
  it('answers 202 and e-mails a link that sets a new password once, signing this browser in', async () => {
    const { email, username } = await signedInConsumer();
    const token = await resetLinkFor(email);
    const mail = await caughtMailTo(context.config.dataDir, email);
    expect(mail[0]?.text).toContain('works once, for 30 minutes');

    const browser = context.agent();
    const confirmed = await browser
      .post('/api/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ username, email });
    expect(JSON.stringify(confirmed.body)).not.toContain(token);
    expect(sessionCookieOf(confirmed)).toMatch(/HttpOnly/);
    expect((await browser.get('/api/user')).body.username).toBe(username);

    expect(await signInStatus(username, TEST_PASSWORD)).toBe(401);
    expect(await signInStatus(username, NEW_PASSWORD)).toBe(200);

    // The same link again: refused, and nothing changes.
    const again = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: 'another-one-77' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ACCOUNT_MESSAGES.invalidResetLink);
    expect(await signInStatus(username, NEW_PASSWORD)).toBe(200);

    // The owner hears of it.
    const told = await waitForMailTo(context.config.dataDir, email, { count: 2 });
    expect(told.map((message) => message.subject)).toContain('Your mark.it password was changed');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const { email } = await signedInConsumer();
    const known = await request(context.app).post('/api/password-reset').send({ email });
    const unknownAddress = `nobody_${Date.now()}@example.com`;
    const unknown = await request(context.app)
      .post('/api/password-reset')
      .send({ email: unknownAddress });
    expect(unknown.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    await waitForMailTo(context.config.dataDir, email);
    expect(await caughtMailTo(context.config.dataDir, unknownAddress)).toEqual([]);
  });

  it('finds the account whatever the case of the address', async () => {
    const { email } = await signedInConsumer();
    await request(context.app)
      .post('/api/password-reset')
      .send({ email: ` ${email.toUpperCase()} ` })
      .expect(202);
    expect(await waitForMailTo(context.config.dataDir, email)).toHaveLength(1);
  });

  it('ends every session of the account, on every browser', async () => {
    const { agent, email, username } = await signedInConsumer();
    const other = await anotherBrowser(username);
    const token = await resetLinkFor(email);

    await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
    expect((await agent.get('/api/user')).status).toBe(401);
    expect((await other.agent.get('/api/user')).status).toBe(401);
  });

  it('refuses a link past its 30 minutes, changing nothing', async () => {
    const { email, username } = await signedInConsumer();
    const token = await resetLinkFor(email);
    await context.database.query(
      `update account_tokens set expires_at = now() - interval '1 second'
        where user_id = (select id from users where email = $1)`,
      [email],
    );
    const response = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.invalidResetLink);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await signInStatus(username, TEST_PASSWORD)).toBe(200);
  });

  it('keeps only the newest link working', async () => {
    const { email, username } = await signedInConsumer();
    const first = await resetLinkFor(email, 1);
    const second = await resetLinkFor(email, 2);
    const old = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token: first, password: NEW_PASSWORD });
    expect(old.status).toBe(400);
    await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token: second, password: NEW_PASSWORD })
      .expect(200);
    expect(await signInStatus(username, NEW_PASSWORD)).toBe(200);
  });

  it('refuses bad input with the registration messages, without using the link up', async () => {
    const invalidEmail = await request(context.app)
      .post('/api/password-reset')
      .send({ email: 'not-an-email' });
    expect(invalidEmail.status).toBe(400);
    expect(invalidEmail.body.errors).toEqual({ email: 'Valid email is required' });

    const { email, username } = await signedInConsumer();
    const token = await resetLinkFor(email);
    const short = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'Password must be at least 6 characters' });
    const made = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token: 'made-up-token', password: NEW_PASSWORD });
    expect(made.status).toBe(400);
    expect(made.body.message).toBe(ACCOUNT_MESSAGES.invalidResetLink);
    expect(await signInStatus(username, TEST_PASSWORD)).toBe(200);

    // The link still works after the refusals.
    await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD })
      .expect(200);
  });

  it('works for a business too', async () => {
    const agent = context.agent();
    const input = businessInput();
    await registerAs(agent, input);
    const token = await resetLinkFor(input.email);
    const response = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.type).toBe('business');
  });
});

describe('password reset rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      trustProxy: 'loopback',
      rateLimits: { passwordResetsPerHour: 2 },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  const ask = (email: string, address: string) =>
    request(limited.app)
      .post('/api/password-reset')
      .set('X-Forwarded-For', address)
      .send({ email });

  it('answers 429 past the hourly limit per client address, for any address asked about', async () => {
    const from = '203.0.113.7';
    expect((await ask('one@example.com', from)).status).toBe(202);
    expect((await ask('two@example.com', from)).status).toBe(202);
    const refused = await ask('three@example.com', from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(ACCOUNT_MESSAGES.resetRateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('three@example.com', '203.0.113.8')).status).toBe(202);
  });

  it('answers 429 past the hourly limit per e-mail address, from any client address', async () => {
    const agent = limited.agent();
    const input = consumerInput();
    await registerAs(agent, input);
    expect((await ask(input.email, '203.0.113.20')).status).toBe(202);
    expect((await ask(input.email.toUpperCase(), '203.0.113.21')).status).toBe(202);
    expect((await ask(input.email, '203.0.113.22')).status).toBe(429);
    // The same for an address no account uses: the limit says nothing about who exists.
    const nobody = 'nobody-limited@example.com';
    expect((await ask(nobody, '203.0.113.23')).status).toBe(202);
    expect((await ask(nobody, '203.0.113.24')).status).toBe(202);
    expect((await ask(nobody, '203.0.113.25')).status).toBe(429);
    // Two letters went out, not three.
    await waitForMailTo(limited.config.dataDir, input.email, { count: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await caughtMailTo(limited.config.dataDir, input.email)).toHaveLength(2);
  });

  it('lets 2 of 40 requests sent at once from one client address through', async () => {
    const from = '203.0.113.40';
    const burst = await atOnce(40, (index) => ask(`burst-${index}@example.com`, from));
    expect(statusCounts(burst)).toEqual({ 202: 2, 429: 38 });
    expectRefusalsSay(burst, ACCOUNT_MESSAGES.resetRateLimited, 60 * 60);
    expect((await ask('burst-0@example.com', '203.0.113.41')).status).toBe(202);
  });

  it('sends 2 letters for 40 requests about one account sent at once from many addresses', async () => {
    const input = consumerInput();
    await registerAs(limited.agent(), input);
    const burst = await atOnce(40, (index) => ask(input.email, `198.51.100.${index + 1}`));
    expect(statusCounts(burst)).toEqual({ 202: 2, 429: 38 });
    await waitForMailTo(limited.config.dataDir, input.email, { count: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await caughtMailTo(limited.config.dataDir, input.email)).toHaveLength(2);
  });

  it('answers 429 to wrong current passwords like failed sign-ins', async () => {
    const small = await createTestContext({ rateLimits: { loginPerAccount: 2 } });
    try {
      const agent = small.agent();
      await registerAs(agent, consumerInput());
      const wrong = { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD };
      expect((await agent.put('/api/user/password').send(wrong)).status).toBe(400);
      expect((await agent.put('/api/user/password').send(wrong)).status).toBe(400);
      const refused = await agent.put('/api/user/password').send(wrong);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(ACCOUNT_MESSAGES.passwordChangeRateLimited);
      // Even the right one waits now.
      const right = { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD };
      expect((await agent.put('/api/user/password').send(right)).status).toBe(429);
    } finally {
      await small.close();
    }
  });
});

describe('limits under concurrency', () => {
  it('tries at most 20 of 40 reset links sent at once from one address; a real one works elsewhere', async () => {
    const from = nextAddress();
    const burst = await atOnce(40, (index) =>
      request(context.app)
        .post('/api/password-reset/confirm')
        .set('X-Forwarded-For', from)
        .send({ token: `not-a-real-token-${index}`, password: NEW_PASSWORD }),
    );
    expect(statusCounts(burst)).toEqual({
      400: context.config.rateLimits.resetLinkMissesPerAddress,
      429: 40 - context.config.rateLimits.resetLinkMissesPerAddress,
    });
    for (const refused of burst.filter((answer) => answer.status === 400)) {
      expect(refused.body.message).toBe(ACCOUNT_MESSAGES.invalidResetLink);
    }
    expectRefusalsSay(burst, ACCOUNT_MESSAGES.passwordChangeRateLimited, 15 * 60);

    const { email } = await signedInConsumer();
    const token = await resetLinkFor(email);
    const refused = await request(context.app)
      .post('/api/password-reset/confirm')
      .set('X-Forwarded-For', from)
      .send({ token, password: NEW_PASSWORD });
    expect(refused.status).toBe(429);
    const used = await request(context.app)
      .post('/api/password-reset/confirm')
      .set('X-Forwarded-For', nextAddress())
      .send({ token, password: NEW_PASSWORD });
    expect(used.status).toBe(200);
  });

  it('checks at most the limit of 40 wrong current passwords sent at once', async () => {
    const small = await createTestContext({
      trustProxy: 'loopback',
      rateLimits: { loginPerAccount: 3 },
    });
    try {
      const input = consumerInput();
      const stolen = small.agent().set('X-Forwarded-For', '203.0.113.90');
      await registerAs(stolen, input);
      const wrong = { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD };
      const burst = await atOnce(40, () => stolen.put('/api/user/password').send(wrong));
      expect(statusCounts(burst)).toEqual({ 400: 3, 429: 37 });
      expectRefusalsSay(burst, ACCOUNT_MESSAGES.passwordChangeRateLimited, 15 * 60);
      const right = { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD };
      expect((await stolen.put('/api/user/password').send(right)).status).toBe(429);

      // The owner, on their own device, still changes it.
      const owner = small.agent().set('X-Forwarded-For', '203.0.113.91');
      await owner
        .post('/api/login')
        .send({ identifier: input.username, password: TEST_PASSWORD })
        .expect(200);
      expect((await owner.put('/api/user/password').send(right)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('PUT /api/user/password', () => {
  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { agent, username, email } = await signedInConsumer();
    const other = await anotherBrowser(username);

    const response = await agent
      .put('/api/user/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });

    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await other.agent.get('/api/user')).status).toBe(401);
    expect(await signInStatus(username, TEST_PASSWORD)).toBe(401);
    expect(await signInStatus(username, NEW_PASSWORD)).toBe(200);
    const mail = await waitForMailTo(context.config.dataDir, email);
    expect(mail[0]?.subject).toBe('Your mark.it password was changed');
  });

  it('refuses a wrong current password with 400, changing nothing', async () => {
    const { agent, username } = await signedInConsumer();
    const other = await anotherBrowser(username);
    const response = await agent
      .put('/api/user/password')
      .send({ currentPassword: 'wrong-password', newPassword: NEW_PASSWORD });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.wrongCurrentPassword);
    expect(response.body.errors).toEqual({
      currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword,
    });
    expect((await other.agent.get('/api/user')).status).toBe(200);
    expect(await signInStatus(username, TEST_PASSWORD)).toBe(200);
  });

  it('refuses a new password that breaks the registration rules', async () => {
    const { agent } = await signedInConsumer();
    const response = await agent
      .put('/api/user/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: 'abc' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({
      newPassword: 'Password must be at least 6 characters',
    });
    const missing = await agent.put('/api/user/password').send({ newPassword: NEW_PASSWORD });
    expect(missing.body.errors).toEqual({
      currentPassword: ACCOUNT_MESSAGES.currentPasswordRequired,
    });
  });

  it('stops a reset link sent before the change', async () => {
    const { agent, email, username } = await signedInConsumer();
    const token = await resetLinkFor(email);
    await agent
      .put('/api/user/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD })
      .expect(200);
    const response = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: 'someone-else-1' });
    expect(response.status).toBe(400);
    expect(await signInStatus(username, NEW_PASSWORD)).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await request(context.app)
      .put('/api/user/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.status).toBe(401);
  });
});

describe('signed-in sessions', () => {
  it("lists the account's sessions with their devices, this one first and marked", async () => {
    const { agent, username } = await signedInConsumer(CHROME_ON_MAC);
    const other = await anotherBrowser(username, SAFARI_ON_IPHONE);

    const response = await agent.get('/api/user/sessions');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(2);
    const [mine, theirs] = response.body;
    expect(mine).toMatchObject({ device: 'Chrome on macOS', current: true, remembered: false });
    expect(theirs).toMatchObject({ device: 'Safari on iOS', current: false });
    for (const listed of response.body) {
      expect(Date.parse(listed.signedInAt)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(listed.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(listed.signedInAt));
    }
    // The list never carries a session's own id (what the cookie signs).
    const otherSid = sidOf(sessionCookieOf(other.response)!);
    expect(JSON.stringify(response.body)).not.toContain(otherSid);
    expect(theirs.id).not.toBe(otherSid);
  });

  it('signs out one other session; the asking one stays', async () => {
    const { agent, username } = await signedInConsumer();
    const other = await anotherBrowser(username);
    const third = await anotherBrowser(username, CHROME_ON_MAC);
    const listed = (await agent.get('/api/user/sessions')).body as Array<{
      id: string;
      current: boolean;
    }>;
    const otherId = (await other.agent.get('/api/user/sessions')).body.find(
      (session: { current: boolean }) => session.current,
    ).id;
    expect(listed.map((session) => session.id)).toContain(otherId);

    expect((await agent.delete(`/api/user/sessions/${otherId}`)).status).toBe(204);
    expect((await other.agent.get('/api/user')).status).toBe(401);
    expect((await third.agent.get('/api/user')).status).toBe(200);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await agent.get('/api/user/sessions')).body).toHaveLength(2);
    // Gone already.
    expect((await agent.delete(`/api/user/sessions/${otherId}`)).status).toBe(404);
  });

  it("answers 404 for someone else's session and leaves it signed in", async () => {
    const { agent } = await signedInConsumer();
    const someoneElse = await signedInConsumer();
    const [theirs] = (await someoneElse.agent.get('/api/user/sessions')).body;
    const response = await agent.delete(`/api/user/sessions/${theirs.id}`);
    expect(response.status).toBe(404);
    expect(response.body.message).toBe(ACCOUNT_MESSAGES.sessionNotFound);
    expect((await someoneElse.agent.get('/api/user')).status).toBe(200);
    expect((await agent.delete('/api/user/sessions/nothing-like-it')).status).toBe(404);
    expect((await agent.delete('/api/user/sessions/not%20an%20id')).status).toBe(400);
  });

  it('signs out everywhere else', async () => {
    const { agent, username } = await signedInConsumer();
    const others = [await anotherBrowser(username), await anotherBrowser(username)];
    const response = await agent.post('/api/user/sessions/sign-out-others');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ended: 2 });
    for (const other of others) expect((await other.agent.get('/api/user')).status).toBe(401);
    expect((await agent.get('/api/user')).status).toBe(200);
    expect((await agent.get('/api/user/sessions')).body).toHaveLength(1);
    expect((await agent.post('/api/user/sessions/sign-out-others')).body).toEqual({ ended: 0 });
  });

  it('answers 401 without a session', async () => {
    const app = request(context.app);
    expect((await app.get('/api/user/sessions')).status).toBe(401);
    expect((await app.post('/api/user/sessions/sign-out-others')).status).toBe(401);
    expect((await app.delete('/api/user/sessions/abc')).status).toBe(401);
  });
});

describe("'Keep me signed in'", () => {
  it('sets a cookie that outlives the browser (30 days); without it the cookie has no expiry', async () => {
    const { username } = await signedInConsumer();
    const remembered = await anotherBrowser(username, CHROME_ON_MAC, true);
    const cookie = sessionCookieOf(remembered.response)!;
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(REMEMBERED_IDLE_TIMEOUT_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(REMEMBERED_IDLE_TIMEOUT_MS + 1_000);
    expect(cookie).toMatch(/HttpOnly/);

    const plain = await anotherBrowser(username);
    expect(sessionCookieOf(plain.response)).not.toMatch(/Max-Age|Expires/i);

    const session = await remembered.agent.get('/api/session');
    expect(Date.parse(session.body.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const listed = (await remembered.agent.get('/api/user/sessions')).body;
    expect(listed[0]).toMatchObject({ current: true, remembered: true });
  });

  it('refuses a remember that is not a boolean', async () => {
    const { username } = await signedInConsumer();
    const response = await request(context.app)
      .post('/api/login')
      .send({ identifier: username, password: TEST_PASSWORD, remember: 'yes' });
    expect(response.status).toBe(400);
  });

  it('keeps a remembered session through days without use, and renews its cookie once a day', async () => {
    const { username } = await signedInConsumer();
    const remembered = await anotherBrowser(username, CHROME_ON_MAC, true);
    const plain = await anotherBrowser(username);

    advanceClock(SESSION_IDLE_TIMEOUT_MS + 60_000);
    expect((await plain.agent.get('/api/user')).status).toBe(401);
    const soon = await remembered.agent.get('/api/user');
    expect(soon.status).toBe(200);
    expect(sessionCookieOf(soon)).toBeUndefined();

    vi.restoreAllMocks();
    advanceClock(REMEMBERED_COOKIE_RENEWAL_MS + 60_000);
    const nextDay = await remembered.agent.get('/api/user');
    expect(nextDay.status).toBe(200);
    const renewed = sessionCookieOf(nextDay);
    expect(renewed).toBeDefined();
    const expires = Date.parse(/Expires=([^;]+)/i.exec(renewed!)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(REMEMBERED_IDLE_TIMEOUT_MS - 60_000);

    vi.restoreAllMocks();
    advanceClock(REMEMBERED_IDLE_TIMEOUT_MS - 24 * 3600_000);
    expect((await remembered.agent.get('/api/user')).status).toBe(200);
  });

  it('ends a remembered session after 30 days without use, and 90 days after sign-in', async () => {
    const { username } = await signedInConsumer();
    const idle = await anotherBrowser(username, CHROME_ON_MAC, true);
    advanceClock(REMEMBERED_IDLE_TIMEOUT_MS + 60_000);
    expect((await idle.agent.get('/api/user')).status).toBe(401);
    vi.restoreAllMocks();

    /** A remembered session signed in `ago` ms ago and used ever since: does it still work? */
    const worksAfter = async (ago: number) => {
      const busy = await anotherBrowser(username, CHROME_ON_MAC, true);
      const cookie = sessionCookieOf(busy.response)!;
      await context.database.query(
        `update "session" set sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($2::bigint))::json
          where sid = $1`,
        [sidOf(cookie), Date.now() - ago],
      );
      // The instance answers the session it wrote at sign-in from memory for up to a minute; the
      // row, changed behind its back here, is read again after that.
      advanceClock(SESSION_CACHE_TTL_MS + 1_000);
      const response = await request(context.app)
        .get('/api/user')
        .set('Cookie', cookie.split(';')[0]!);
      vi.restoreAllMocks();
      return response.status;
    };
    // Past the 12 hours of a session that is not remembered, and past the 90 days.
    expect(await worksAfter(13 * 3600_000)).toBe(200);
    expect(await worksAfter(REMEMBERED_ABSOLUTE_LIFETIME_MS + 60_000)).toBe(401);
  });
});
