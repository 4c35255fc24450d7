import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS } from '@shared/constants';
import { SETTINGS_MESSAGES } from '@shared/schema/profile-settings';
import { type BusinessRegistration, type ConsumerRegistration } from '@shared/schema/users';
import { accountTokens } from '@shared/tables/accounts';
import { rateLimits } from '@shared/tables/sessions';
import { issueAccountToken } from '../services/accounts/account-tokens';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { PNG_PIXEL } from '../testing/images';
import { caughtMailTo, linkIn, waitForMailTo } from '../testing/mail';
import { createTestContext, type TestContext } from '../testing/test-app';

const EMAIL_CHANGES_PER_HOUR = 4;

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({
    rateLimits: { emailChangesPerHour: EMAIL_CHANGES_PER_HOUR },
  });
});
afterAll(async () => {
  await context.close();
});

type Agent = ReturnType<TestContext['agent']>;

async function signedIn(input: ConsumerRegistration | BusinessRegistration = consumerInput()) {
  const agent = context.agent();
  const user = await registerAs(agent, input);
  return { agent, user, input };
}

const settingsOf = async (agent: Agent) => {
  const response = await agent.get('/api/user/settings');
  expect(response.status).toBe(200);
  return response.body;
};

const uploadAvatar = async (agent: Agent) => {
  const response = await agent
    .post('/api/uploads')
    .field('purpose', 'avatar')
    .attach('file', PNG_PIXEL, { filename: 'me.png', contentType: 'image/png' });
  expect(response.status).toBe(201);
  return response.body.url as string;
};

describe('GET /api/user/settings', () => {
  it("answers a consumer's own details, with no business fields", async () => {
    const { agent, input } = await signedIn(
      consumerInput({ brands: ['walmart', 'starbucks'], identifiers: [2, 1] }),
    );
    expect(await settingsOf(agent)).toEqual({
      type: 'consumer',
      name: input.name,
      username: input.username,
      email: input.email,
      profilePicture: null,
      phone: '+15551234567',
      brands: ['starbucks', 'walmart'],
      identifiers: [1, 2],
      contactEmail: null,
      website: null,
      description: null,
      acceptedBrands: [],
    });
  });

  it("answers a business's own details, empty until it gives them", async () => {
    const { agent, input } = await signedIn(businessInput());
    expect(await settingsOf(agent)).toMatchObject({
      type: 'business',
      name: input.name,
      phone: null,
      brands: [],
      identifiers: [],
      contactEmail: null,
      website: null,
      description: null,
    });
  });

  it('needs a session (401)', async () => {
    expect((await context.agent().get('/api/user/settings')).status).toBe(401);
  });
});

describe('PATCH /api/user/settings', () => {
  it('changes what a consumer sends, and only that; the profile and /api/user follow', async () => {
    const { agent, input } = await signedIn();
    const newUsername = `renamed_${input.username.slice(-8)}`;
    const response = await agent.patch('/api/user/settings').send({
      name: '  Casey Renamed ',
      username: newUsername,
      phone: '+44 20 7946 0958',
      brands: ['dunkin', 'walmart', 'dunkin'],
      identifiers: [],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Casey Renamed',
      username: newUsername,
      email: input.email,
      phone: '+44 20 7946 0958',
      brands: ['dunkin', 'walmart'],
      identifiers: [],
    });

    const current = await agent.get('/api/user');
    expect(current.body).toMatchObject({ name: 'Casey Renamed', username: newUsername });
    const profile = await context.agent().get(`/api/user/profile/${newUsername}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: 'Casey Renamed', brands: ['dunkin', 'walmart'] });
    expect((await context.agent().get(`/api/user/profile/${input.username}`)).status).toBe(404);

    // Only the phone sent: the rest stays.
    const phoneOnly = await agent.patch('/api/user/settings').send({ phone: '(555) 987-6543' });
    expect(phoneOnly.body).toMatchObject({
      name: 'Casey Renamed',
      phone: '+15559876543',
      brands: ['dunkin', 'walmart'],
    });
    // The same username in another case is still yours.
    const recased = await agent
      .patch('/api/user/settings')
      .send({ username: newUsername.toUpperCase() });
    expect([recased.status, recased.body.username]).toEqual([200, newUsername.toUpperCase()]);
  });

  it("refuses another account's username in any case (409 on the field), changing nothing", async () => {
    const { agent, input } = await signedIn();
    const other = await signedIn();
    const response = await agent
      .patch('/api/user/settings')
      .send({ name: 'Not Saved', username: other.input.username.toUpperCase() });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Username is already taken',
      errors: { username: 'Username is already taken' },
    });
    expect(await settingsOf(agent)).toMatchObject({ name: input.name, username: input.username });
  });

  it.each([
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
    [
      { username: 'no spaces' },
      'username',
      'Username may only contain letters, numbers and underscores',
    ],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ brands: [] }, 'brands', 'Please select at least one brand'],
    [{ brands: ['pepsi'] }, 'brands', 'Unknown brand: pepsi'],
    [{ identifiers: [999_999] }, 'identifiers', 'Unknown identifier: 999999'],
    [{ phone: 'call me' }, 'phone', 'Valid phone number is required'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ website: 'https://example.com' }, 'website', SETTINGS_MESSAGES.businessOnly],
    [{ contactEmail: 'a@example.com' }, 'contactEmail', SETTINGS_MESSAGES.businessOnly],
    [{ acceptedBrands: ['starbucks'] }, 'acceptedBrands', SETTINGS_MESSAGES.businessOnly],
    [
      { profilePicture: 'https://evil.example/me.png' },
      'profilePicture',
      'Upload the picture here first',
    ],
  ])('refuses a consumer %j with 400 on %s, changing nothing', async (body, field, message) => {
    const { agent, input } = await signedIn();
    const before = await settingsOf(agent);
    const response = await agent.patch('/api/user/settings').send({ name: 'Not Saved', ...body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    if (response.body.errors) expect(response.body.errors[field]).toBe(message);
    expect(await settingsOf(agent)).toEqual(before);
    expect(before.name).toBe(input.name);
  });

  it('saves the brands a business accepts at its counter (none too); refuses unknown ones', async () => {
    const { agent } = await signedIn(businessInput());
    const set = await agent
      .patch('/api/user/settings')
      .send({ acceptedBrands: ['walmart', 'starbucks', 'walmart'] });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ acceptedBrands: ['starbucks', 'walmart'], brands: [] });
    const unknown = await agent.patch('/api/user/settings').send({ acceptedBrands: ['pepsi'] });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Unknown brand: pepsi']);
    const none = await agent.patch('/api/user/settings').send({ acceptedBrands: [] });
    expect(none.body.acceptedBrands).toEqual([]);
    expect((await settingsOf(agent)).acceptedBrands).toEqual([]);
  });

  it("sets and clears a business's contact details; refuses a consumer's fields", async () => {
    const { agent } = await signedIn(businessInput());
    const set = await agent.patch('/api/user/settings').send({
      contactEmail: ' Hello@Bean.example ',
      phone: '555 222 3333',
      website: 'https://bean.example/about',
      description: 'Small-batch coffee since 2009.',
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      contactEmail: 'Hello@Bean.example',
      phone: '+15552223333',
      website: 'https://bean.example/about',
      description: 'Small-batch coffee since 2009.',
    });
    const cleared = await agent
      .patch('/api/user/settings')
      .send({ contactEmail: '', phone: '', website: '', description: '' });
    expect(cleared.body).toMatchObject({
      contactEmail: null,
      phone: null,
      website: null,
      description: null,
    });

    for (const [body, message] of [
      [{ website: 'ftp://bean.example' }, SETTINGS_MESSAGES.websiteInvalid],
      [{ website: 'bean.example' }, SETTINGS_MESSAGES.websiteInvalid],
      [{ contactEmail: 'not-an-address' }, 'Valid email is required'],
      [{ description: 'x'.repeat(281) }, SETTINGS_MESSAGES.descriptionTooLong],
      [{ brands: ['starbucks'] }, SETTINGS_MESSAGES.consumerOnly],
      [{ identifiers: [1] }, SETTINGS_MESSAGES.consumerOnly],
    ] as const) {
      const refused = await agent.patch('/api/user/settings').send(body);
      expect([refused.status, refused.body.message]).toEqual([400, message]);
    }
  });

  it('sets an uploaded avatar, shown on the profile and on posts; refuses another’s upload', async () => {
    const { agent, input } = await signedIn();
    const url = await uploadAvatar(agent);
    const post = await agent.post('/api/posts').send({ content: 'Before the new picture' });
    expect(post.status).toBe(201);

    const response = await agent.patch('/api/user/settings').send({ profilePicture: url });
    expect([response.status, response.body.profilePicture]).toEqual([200, url]);
    const profile = await context.agent().get(`/api/user/profile/${input.username}`);
    expect(profile.body.profilePicture).toBe(url);
    const feed = await agent.get('/api/posts');
    const mine = (feed.body as Array<{ id: number; user: { profilePicture: string | null } }>).find(
      (item) => item.id === post.body.id,
    );
    expect(mine?.user.profilePicture).toBe(url);

    const stranger = await signedIn();
    const stolen = await stranger.agent.patch('/api/user/settings').send({ profilePicture: url });
    expect([stolen.status, stolen.body.message]).toEqual([400, 'Upload the picture here first']);

    const removed = await agent.patch('/api/user/settings').send({ profilePicture: null });
    expect(removed.body.profilePicture).toBeNull();
  });

  it('needs a session (401)', async () => {
    const response = await context.agent().patch('/api/user/settings').send({ name: 'Nobody' });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/user/email and POST /api/user/email/confirm', () => {
  beforeEach(async () => {
    // Every request of this file comes from one address: each test starts its allowance afresh.
    await context.database.db.delete(rateLimits).where(like(rateLimits.key, 'email-change:%'));
  });

  const newAddress = () => `moved_${Math.random().toString(36).slice(2, 10)}@example.com`;
  const requestChange = (agent: Agent, newEmail: string, currentPassword = TEST_PASSWORD) =>
    agent.post('/api/user/email').send({ newEmail, currentPassword });
  const signInWith = (identifier: string) =>
    context.agent().post('/api/login').send({ identifier, password: TEST_PASSWORD });

  it('mails a link to the new address; nothing changes until it is followed, once, by anyone', async () => {
    const { agent, input } = await signedIn();
    const newEmail = newAddress();
    const response = await requestChange(agent, ` ${newEmail.toUpperCase()} `);
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      message: SETTINGS_MESSAGES.emailChangeSent(newEmail.toUpperCase()),
    });

    const [mail] = await waitForMailTo(context.config.dataDir, newEmail);
    expect(mail!.subject).toBe('Confirm your new mark.it e-mail');
    const link = linkIn(mail!, ACCOUNT_LINKS.confirmEmailPath);
    const token = link.searchParams.get('token')!;
    // Nothing went to the old address, and nothing changed yet.
    expect(await caughtMailTo(context.config.dataDir, input.email)).toEqual([]);
    expect((await settingsOf(agent)).email).toBe(input.email);
    expect((await signInWith(newEmail)).status).toBe(401);

    // Followed without a session (another device): the token is the proof.
    const confirmed = await context.agent().post('/api/user/email/confirm').send({ token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({
      message: SETTINGS_MESSAGES.emailChanged(newEmail.toUpperCase()),
    });
    expect((await settingsOf(agent)).email).toBe(newEmail.toUpperCase());
    expect((await signInWith(newEmail)).status).toBe(200);
    expect((await signInWith(input.email)).status).toBe(401);
    // The old address is told where the account went.
    const [notice] = await waitForMailTo(context.config.dataDir, input.email);
    expect(notice!.subject).toBe('Your mark.it sign-in e-mail was changed');
    expect(notice!.text).toContain(newEmail.toUpperCase());

    const again = await context.agent().post('/api/user/email/confirm').send({ token });
    expect([again.status, again.body.message]).toEqual([
      400,
      SETTINGS_MESSAGES.emailChangeLinkInvalid,
    ]);
  });

  it('refuses an expired link, changing nothing', async () => {
    const { agent, user, input } = await signedIn();
    const newEmail = newAddress();
    expect((await requestChange(agent, newEmail)).status).toBe(202);
    const [mail] = await waitForMailTo(context.config.dataDir, newEmail);
    const token = linkIn(mail!, ACCOUNT_LINKS.confirmEmailPath).searchParams.get('token')!;
    await context.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, user.id));

    const response = await context.agent().post('/api/user/email/confirm').send({ token });
    expect([response.status, response.body.message]).toEqual([
      400,
      SETTINGS_MESSAGES.emailChangeLinkInvalid,
    ]);
    expect((await settingsOf(agent)).email).toBe(input.email);
  });

  it('answers a taken address the same, and sends it nothing', async () => {
    const { agent } = await signedIn();
    const owner = await signedIn();
    const taken = await requestChange(agent, owner.input.email);
    expect(taken.status).toBe(202);
    expect(taken.body).toEqual({ message: SETTINGS_MESSAGES.emailChangeSent(owner.input.email) });

    // A free address asked for after it is delivered; by then the taken one would have been too.
    const free = newAddress();
    expect((await requestChange(agent, free)).status).toBe(202);
    await waitForMailTo(context.config.dataDir, free);
    expect(await caughtMailTo(context.config.dataDir, owner.input.email)).toEqual([]);
  });

  it('refuses the link (409) when another account took the address meanwhile', async () => {
    const { agent, input } = await signedIn();
    const newEmail = newAddress();
    expect((await requestChange(agent, newEmail)).status).toBe(202);
    const [mail] = await waitForMailTo(context.config.dataDir, newEmail);
    const token = linkIn(mail!, ACCOUNT_LINKS.confirmEmailPath).searchParams.get('token')!;
    await registerAs(context.agent(), consumerInput({ email: newEmail }));

    const response = await context.agent().post('/api/user/email/confirm').send({ token });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      message: 'Email is already registered',
      errors: { email: 'Email is already registered' },
    });
    expect((await settingsOf(agent)).email).toBe(input.email);
  });

  it('refuses a wrong password, the same address and a bad address (400), sending nothing', async () => {
    const { agent, input } = await signedIn();
    const newEmail = newAddress();
    const wrong = await requestChange(agent, newEmail, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const same = await requestChange(agent, input.email.toUpperCase());
    expect([same.status, same.body.message]).toEqual([400, SETTINGS_MESSAGES.emailUnchanged]);
    const bad = await requestChange(agent, 'nope');
    expect([bad.status, bad.body.message]).toEqual([400, 'Valid email is required']);
    const noPassword = await agent.post('/api/user/email').send({ newEmail });
    expect([noPassword.status, noPassword.body.message]).toEqual([
      400,
      'Current password is required',
    ]);

    // A letter asked for afterwards arrives alone: the refused ones queued none (each counted
    // toward the hourly allowance, which starts again here).
    await context.database.db.delete(rateLimits).where(like(rateLimits.key, 'email-change:%'));
    const free = newAddress();
    expect((await requestChange(agent, free)).status).toBe(202);
    await waitForMailTo(context.config.dataDir, free);
    expect(await caughtMailTo(context.config.dataDir, newEmail)).toEqual([]);
  });

  it(`allows ${EMAIL_CHANGES_PER_HOUR} requests an hour per account, then 429`, async () => {
    const { agent } = await signedIn();
    for (let n = 0; n < EMAIL_CHANGES_PER_HOUR; n++) {
      expect((await requestChange(agent, newAddress(), 'wrong-password')).status).toBe(400);
    }
    const limited = await requestChange(agent, newAddress());
    expect([limited.status, limited.body.message]).toEqual([
      429,
      SETTINGS_MESSAGES.emailChangeRateLimited,
    ]);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not held back by it.
    const other = await signedIn();
    expect((await requestChange(other.agent, newAddress())).status).toBe(202);
  });

  it('needs a session to ask (401); a confirmation needs a token (400)', async () => {
    expect((await requestChange(context.agent(), newAddress())).status).toBe(401);
    for (const body of [{}, { token: '' }, { token: 'made-up-token' }, { token: 42 }]) {
      const response = await context.agent().post('/api/user/email/confirm').send(body);
      expect([response.status, response.body.message]).toEqual([
        400,
        SETTINGS_MESSAGES.emailChangeLinkInvalid,
      ]);
    }
    // A password reset's token is not an e-mail change's.
    const { user } = await signedIn();
    const resetToken = await issueAccountToken(context.database.db, {
      userId: user.id,
      purpose: 'password_reset',
    });
    const wrongPurpose = await context
      .agent()
      .post('/api/user/email/confirm')
      .send({ token: resetToken });
    expect(wrongPurpose.status).toBe(400);
  });
});
