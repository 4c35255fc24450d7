import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefusalsSay, statusCounts } from '../testing/bursts';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/validate';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

function sessionCookie(response: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('markit.sid='))?.split(';')[0];
}

async function signInWorks(identifier: string, password = TEST_PASSWORD) {
  const response = await request(context.app).post('/api/login').send({ identifier, password });
  return response.status === 200;
}

describe('POST /api/register', () => {
  it('registers a consumer, signs them in and never returns the password hash', async () => {
    const agent = context.agent();
    const input = consumerInput({
      phoneNumber: ' (555) 123-4567 ',
      brands: ['starbucks', 'dunkin'],
      identifiers: [1, 5],
    });
    const response = await agent.post('/api/register').send(input);

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'consumer',
      username: input.username,
      email: input.email,
      name: input.name,
      phone: '+15551234567',
      verified: false,
      profilePicture: null,
      brands: ['dunkin', 'starbucks'],
      identifiers: [1, 5],
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt/i);

    const cookie = response.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(/^markit\.sid=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/Domain=/);

    const me = await agent.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(input.username);
  });

  it('keeps a phone number that starts with + as typed', async () => {
    const response = await context
      .agent()
      .post('/api/register')
      .send(consumerInput({ phoneNumber: '+44 20 7946 0958' }));
    expect(response.status).toBe(201);
    expect(response.body.phone).toBe('+44 20 7946 0958');
  });

  it('registers a business without brands or a phone', async () => {
    const input = businessInput();
    const response = await context.agent().post('/api/register').send(input);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      type: 'business',
      name: input.name,
      phone: null,
      brands: [],
      identifiers: [],
    });
  });

  it('ignores fields a client may not set', async () => {
    const response = await context
      .agent()
      .post('/api/register')
      .send({
        ...consumerInput(),
        verified: true,
        id: 1,
        passwordHash: 'x',
        profilePicture: '/evil.png',
      });
    expect(response.status).toBe(201);
    expect(response.body.verified).toBe(false);
    expect(response.body.profilePicture).toBeNull();
  });

  const consumerCases: [string, Record<string, unknown>, string, string][] = [
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Valid email is required'],
    ['a missing email', { email: undefined }, 'email', 'Valid email is required'],
    [
      'a short password',
      { password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    ['an empty name', { name: '   ' }, 'name', 'Name is required'],
    ['a short username', { username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      'a username with symbols',
      { username: 'bad name!' },
      'username',
      'Username may only contain letters, numbers and underscores',
    ],
    ['a short phone number', { phoneNumber: '1234' }, 'phoneNumber', 'Phone number is required'],
    [
      'a phone number without digits',
      { phoneNumber: 'call me maybe' },
      'phone',
      'Valid phone number is required',
    ],
    ['no brand', { brands: [] }, 'brands', 'Please select at least one brand'],
    ['an unknown brand', { brands: ['starbucks', 'nope'] }, 'brands', 'Unknown brand: nope'],
    ['an unknown identifier', { identifiers: [1, 999] }, 'identifiers', 'Unknown identifier: 999'],
  ];

  it.each(consumerCases)(
    'rejects a consumer with %s and creates nothing',
    async (_label, change, field, message) => {
      const input = { ...consumerInput(), ...change };
      const response = await context.agent().post('/api/register').send(input);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect(response.body.errors?.[field]).toBe(message);
      if (typeof input.username === 'string' && input.username.length >= 3) {
        expect(await signInWorks(input.username)).toBe(false);
      }
    },
  );

  // Found by the bad-input properties (server/testing/bad-input.ts): both were a 500.
  it('refuses an identifier id past the integer range and a NUL in a name with 400', async () => {
    const huge = await request(context.app)
      .post('/api/register')
      .send(consumerInput({ identifiers: [1, 2_147_483_648] }));
    expect([huge.status, huge.body.message]).toEqual([400, 'Unknown identifier']);
    const nul = await request(context.app)
      .post('/api/register')
      .send(businessInput({ name: 'Bean\u0000Street' }));
    expect([nul.status, nul.body.errors]).toEqual([400, { name: UNSTORABLE_TEXT_MESSAGE }]);
  });

  it('rejects a business with an empty name using the business message', async () => {
    const response = await context
      .agent()
      .post('/api/register')
      .send(businessInput({ name: '' }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Business name is required');
  });

  it('rejects an unknown account type', async () => {
    const response = await context
      .agent()
      .post('/api/register')
      .send({ ...businessInput(), type: 'admin' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Account type must be consumer or business');
  });

  it('answers 409 naming the username when it is taken, whatever its case', async () => {
    const first = consumerInput();
    await registerAs(context.agent(), first);
    const response = await context
      .agent()
      .post('/api/register')
      .send(consumerInput({ username: first.username.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Username is already taken',
      errors: { username: 'Username is already taken' },
    });
  });

  it('answers 409 naming the email when it is taken, whatever its case', async () => {
    const first = businessInput();
    await registerAs(context.agent(), first);
    const response = await context
      .agent()
      .post('/api/register')
      .send(businessInput({ email: first.email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Email is already registered',
      errors: { email: 'Email is already registered' },
    });
  });

  it('gives exactly one account when the same username is registered twice at once', async () => {
    const input = consumerInput();
    const responses = await Promise.all([
      request(context.app).post('/api/register').send(input),
      request(context.app)
        .post('/api/register')
        .send({ ...input, email: `other_${input.email}` }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
  });

  it('refuses a write from another site', async () => {
    const input = consumerInput();
    const response = await request(context.app)
      .post('/api/register')
      .set('Origin', 'https://evil.example')
      .send(input);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe('Cross-site requests are not allowed');
    expect(await signInWorks(input.username)).toBe(false);

    const marked = await request(context.app)
      .post('/api/register')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(consumerInput());
    expect(marked.status).toBe(403);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await request(context.app)
      .post('/api/register')
      .set('Content-Type', 'application/json')
      .send('{"type":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The request body is not valid JSON');

    const huge = await request(context.app)
      .post('/api/register')
      .send({ ...consumerInput(), name: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The request body is too large');
  });
});

describe('POST /api/register rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: { registerPerHour: 2 } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with a message and Retry-After once an address has registered too often', async () => {
    expect((await request(limited.app).post('/api/register').send(consumerInput())).status).toBe(
      201,
    );
    expect((await request(limited.app).post('/api/register').send(businessInput())).status).toBe(
      201,
    );
    const input = consumerInput();
    const refused = await request(limited.app).post('/api/register').send(input);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Too many accounts were created from this network. Please try again later.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/login', () => {
  const consumer = consumerInput();
  const business = businessInput();
  beforeAll(async () => {
    await registerAs(context.agent(), consumer);
    await registerAs(context.agent(), business);
  });

  it('signs in by email in mixed case', async () => {
    const agent = context.agent();
    const response = await agent
      .post('/api/login')
      .send({ identifier: consumer.email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body.username).toBe(consumer.username);
    expect(response.body).not.toHaveProperty('passwordHash');
    expect((await agent.get('/api/user')).body.username).toBe(consumer.username);
  });

  it('signs in by username in mixed case with surrounding spaces', async () => {
    const mixed = business.username.replace(/^./, (letter) => letter.toUpperCase()).toUpperCase();
    const response = await context
      .agent()
      .post('/api/login')
      .send({ identifier: `  ${mixed}  `, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ username: business.username, type: 'business' });
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const wrong = await request(context.app)
      .post('/api/login')
      .send({ identifier: consumer.username, password: 'wrong-password' });
    const unknown = await request(context.app)
      .post('/api/login')
      .send({ identifier: 'nobody_here', password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email, username or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookie(wrong)).toBeUndefined();
  });

  it('rejects missing fields with 400', async () => {
    const noIdentifier = await request(context.app)
      .post('/api/login')
      .send({ identifier: '   ', password: 'x' });
    expect(noIdentifier.status).toBe(400);
    expect(noIdentifier.body.message).toBe('Email or username is required');
    const noPassword = await request(context.app)
      .post('/api/login')
      .send({ identifier: consumer.username });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Password is required');
    // A NUL in the identifier reached the account query, which failed with a 500.
    const nul = await request(context.app)
      .post('/api/login')
      .send({ identifier: 'a\u0000b', password: 'x' });
    expect([nul.status, nul.body.message]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
  });

  it('gives a new session id at sign-in and the old one no longer works', async () => {
    const agent = context.agent();
    const registered = await agent.post('/api/register').send(consumerInput());
    const before = sessionCookie(registered);
    const login = await agent
      .post('/api/login')
      .send({ identifier: consumer.username, password: TEST_PASSWORD });
    const after = sessionCookie(login);
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const old = await request(context.app)
      .get('/api/user')
      .set('Cookie', before ?? '');
    expect(old.status).toBe(401);
    const current = await request(context.app)
      .get('/api/user')
      .set('Cookie', after ?? '');
    expect(current.body.username).toBe(consumer.username);
  });
});

describe('POST /api/login rate limit', () => {
  let limited: TestContext;
  const input = consumerInput();
  beforeAll(async () => {
    limited = await createTestContext({ rateLimits: { loginPerAccount: 3, loginPerAddress: 6 } });
    await registerAs(request.agent(limited.app), input);
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 after too many failures for an account, even with the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await request(limited.app)
        .post('/api/login')
        .send({ identifier: input.username, password: 'nope-nope' });
      expect(response.status).toBe(401);
    }
    const blocked = await request(limited.app)
      .post('/api/login')
      .send({ identifier: input.username.toUpperCase(), password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 429 after too many failures from one address across accounts', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await request(limited.app)
        .post('/api/login')
        .send({ identifier: `someone_${attempt}`, password: 'nope-nope' });
    }
    const blocked = await request(limited.app)
      .post('/api/login')
      .send({ identifier: 'someone_else', password: 'nope-nope' });
    expect(blocked.status).toBe(429);
  });
});

describe('POST /api/login limits under concurrency', () => {
  // Per account from one address, per account from every address, per address.
  const PER_ACCOUNT_HERE = 10;
  const PER_ACCOUNT = 30;
  const PER_ADDRESS = 50;
  const REFUSAL = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
  let limited: TestContext;
  beforeAll(async () => {
    // Behind one proxy, so each request can say which client address it comes from.
    limited = await createTestContext({
      trustProxy: 'loopback',
      rateLimits: {
        loginPerAccount: PER_ACCOUNT_HERE,
        loginPerAccountAnyAddress: PER_ACCOUNT,
        loginPerAddress: PER_ADDRESS,
      },
    });
  });
  afterAll(async () => {
    await limited.close();
  });

  let addresses = 0;
  const newAddress = () => `203.0.113.${++addresses}`;
  const signIn = (identifier: string, password: string, address: string) =>
    request(limited.app)
      .post('/api/login')
      .set('X-Forwarded-For', address)
      .send({ identifier, password });
  const registered = async () => {
    const input = consumerInput();
    await registerAs(request.agent(limited.app).set('X-Forwarded-For', newAddress()), input);
    return input.username;
  };

  it('checks at most 10 of 40 wrong passwords sent at once from one address; the rest get 429', async () => {
    const username = await registered();
    const stranger = newAddress();
    const burst = await atOnce(40, () => signIn(username, 'nope-nope', stranger));
    expect(statusCounts(burst)).toEqual({ 401: PER_ACCOUNT_HERE, 429: 40 - PER_ACCOUNT_HERE });
    expectRefusalsSay(burst, REFUSAL, 15 * 60);

    // Once the window is full, a burst with the right password in it signs nobody in.
    const withRight = await atOnce(60, (index) =>
      signIn(username, index === 30 ? TEST_PASSWORD : 'nope-nope', stranger),
    );
    expect(statusCounts(withRight)).toEqual({ 429: 60 });
    // The owner, on their own device, is not locked out by the stranger's guesses.
    expect((await signIn(username, TEST_PASSWORD, newAddress())).status).toBe(200);
  });

  it('holds a higher ceiling per account across addresses, which the owner meets too', async () => {
    const username = await registered();
    const owner = newAddress();
    const first = await atOnce(12, () => signIn(username, 'nope-nope', newAddress()));
    expect(statusCounts(first)).toEqual({ 401: 12 });
    expect((await signIn(username, TEST_PASSWORD, owner)).status).toBe(200);

    // Four more addresses, ten guesses each, at once: only what is left of the ceiling is checked.
    const spread = await atOnce(40, (index) =>
      signIn(username, 'nope-nope', `198.51.100.${100 + Math.floor(index / 10)}`),
    );
    expect(statusCounts(spread)).toEqual({ 401: PER_ACCOUNT - 12, 429: 40 - (PER_ACCOUNT - 12) });
    expectRefusalsSay(spread, REFUSAL, 15 * 60);
    expect((await signIn(username, 'nope-nope', newAddress())).status).toBe(429);
    expect((await signIn(username, TEST_PASSWORD, owner)).status).toBe(429);
  });

  it("a right password starts its address's count again", async () => {
    const username = await registered();
    const here = newAddress();
    const guesses = await atOnce(PER_ACCOUNT_HERE - 1, () => signIn(username, 'nope-nope', here));
    expect(statusCounts(guesses)).toEqual({ 401: PER_ACCOUNT_HERE - 1 });
    expect((await signIn(username, TEST_PASSWORD, here)).status).toBe(200);
    // A whole allowance again from here: the count started over.
    const again = await atOnce(PER_ACCOUNT_HERE + 2, () => signIn(username, 'nope-nope', here));
    expect(statusCounts(again)).toEqual({ 401: PER_ACCOUNT_HERE, 429: 2 });
  });

  it('checks at most 50 wrong passwords from one address across 60 accounts sent at once', async () => {
    const address = newAddress();
    const burst = await atOnce(60, (index) => signIn(`nobody_${index}`, 'nope-nope', address));
    expect(statusCounts(burst)).toEqual({ 401: PER_ADDRESS, 429: 60 - PER_ADDRESS });
    expectRefusalsSay(burst, REFUSAL, 15 * 60);
    // Another address is not held back.
    expect((await signIn('nobody_0', 'nope-nope', newAddress())).status).toBe(401);
  });
});

describe('GET /api/session', () => {
  it('tells the signed-in user their session facts', async () => {
    const agent = context.agent();
    const user = await registerAs(agent, businessInput());
    const response = await agent.get('/api/session');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userId: user.id, type: 'business' });
    const expiresIn = Date.parse(response.body.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60 * 1000);
    expect(Date.parse(response.body.signedInAt)).toBeLessThanOrEqual(Date.now());
  });

  it('answers 401 without a session', async () => {
    expect((await request(context.app).get('/api/session')).status).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('answers 401 in JSON without a session', async () => {
    const response = await request(context.app).get('/api/user');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'You need to sign in first' });
  });

  it('answers 401 for a forged cookie', async () => {
    const response = await request(context.app)
      .get('/api/user')
      .set('Cookie', 'markit.sid=s%3Aforged.signature');
    expect(response.status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session: the old cookie gets 401 afterwards', async () => {
    const agent = context.agent();
    const registered = await agent.post('/api/register').send(consumerInput());
    const cookie = sessionCookie(registered) ?? '';
    expect((await request(context.app).get('/api/user').set('Cookie', cookie)).status).toBe(200);

    const response = await agent.post('/api/logout').send({});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out successfully' });
    expect(String(response.headers['set-cookie'])).toMatch(/markit\.sid=;/);

    expect((await request(context.app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('answers 200 without a session, leaving nothing behind', async () => {
    const response = await request(context.app).post('/api/logout').send({});
    expect(response.status).toBe(200);
    expect(sessionCookie(response) ?? 'markit.sid=').toBe('markit.sid=');
  });

  it('refuses a sign-out triggered by another site', async () => {
    const agent = context.agent();
    await agent.post('/api/register').send(consumerInput());
    const response = await agent.post('/api/logout').set('Origin', 'https://evil.example').send({});
    expect(response.status).toBe(403);
    expect((await agent.get('/api/user')).status).toBe(200);
  });
});

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  let proxied: TestContext;
  let direct: TestContext;
  const input = consumerInput();
  const limits = { loginPerAccount: 100, loginPerAddress: 3 };
  beforeAll(async () => {
    proxied = await createTestContext({ trustProxy: 'loopback', rateLimits: limits });
    direct = await createTestContext({ rateLimits: limits });
    await registerAs(request.agent(proxied.app), input);
    await registerAs(request.agent(direct.app), input);
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  const setCookies = (response: request.Response) =>
    ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n');
  const signIn = (app: TestContext['app'], headers: Record<string, string>, password: string) =>
    request(app).post('/api/login').set(headers).send({ identifier: input.username, password });

  it('marks the cookie Secure when the trusted proxy says the request came over HTTPS', async () => {
    const https = await signIn(proxied.app, { 'X-Forwarded-Proto': 'https' }, TEST_PASSWORD);
    const cookie = setCookies(https);
    expect(cookie).toMatch(/^markit\.sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);

    const plain = await signIn(proxied.app, {}, TEST_PASSWORD);
    expect(setCookies(plain)).not.toMatch(/Secure/);
  });

  it('ignores X-Forwarded-Proto from a proxy it does not trust', async () => {
    const response = await signIn(direct.app, { 'X-Forwarded-Proto': 'https' }, TEST_PASSWORD);
    expect(response.status).toBe(200);
    expect(setCookies(response)).not.toMatch(/Secure/);
  });

  it('limits sign-in failures per client address as the trusted proxy forwards it', async () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await signIn(proxied.app, from('203.0.113.7'), 'nope-nope')).status).toBe(401);
    }
    const blocked = await signIn(proxied.app, from('203.0.113.7'), 'nope-nope');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy is not held back by the first one's failures.
    expect((await signIn(proxied.app, from('203.0.113.8'), 'nope-nope')).status).toBe(401);
  });

  it('does not let a client escape the limit by sending its own X-Forwarded-For', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const forged = { 'X-Forwarded-For': `198.51.100.${attempt}` };
      expect((await signIn(direct.app, forged, 'nope-nope')).status).toBe(401);
    }
    const blocked = await signIn(direct.app, { 'X-Forwarded-For': '198.51.100.99' }, 'nope-nope');
    expect(blocked.status).toBe(429);
  });
});
