import { count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LINKS } from '@shared/constants';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from '@shared/schema/users';
import { users } from '@shared/tables/users';
import { DEMO_PASSWORD } from '../db/demo-data';
import { isCommonPassword, loadCommonPasswords } from '../services/auth/password-policy';
import { businessInput, consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { linkIn, waitForMailTo } from '../testing/mail';
import { createTestContext, type TestContext } from '../testing/test-app';

// New passwords people can guess are refused wherever one is set: registration, a reset link and
// the change in Settings; the length rules keep their own messages (auth.test.ts, account.test.ts).

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext({ rateLimits: { passwordResetsPerHour: 1_000 } });
});
afterAll(async () => {
  await context.close();
});

const STRONG = 'violet-lantern-canyon-58';

const userCount = async () => {
  const [row] = await context.database.db.select({ rows: count() }).from(users);
  return row?.rows ?? 0;
};
const passwordHashOf = async (username: string) => {
  const [row] = await context.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return row?.hash;
};
const signInStatus = async (identifier: string, password: string) =>
  (await request(context.app).post('/api/login').send({ identifier, password })).status;

describe('the list of common passwords', () => {
  it('ships with over 100,000 entries and holds the ones people pick first', () => {
    expect(loadCommonPasswords().starts.length - 1).toBeGreaterThan(100_000);
    for (const common of ['12345678', 'password', 'Password1', 'qwerty123', 'iloveyou']) {
      expect(isCommonPassword(common), common).toBe(true);
    }
    // The demo accounts' and the tests' own passwords are not on it.
    for (const chosen of [DEMO_PASSWORD, TEST_PASSWORD, STRONG]) {
      expect(isCommonPassword(chosen), chosen).toBe(false);
    }
  });
});

describe('POST /api/register refuses a password people can guess (400, nothing created)', () => {
  const input = consumerInput({
    username: 'marguerite_b',
    email: 'marguerite.b@example.com',
    name: 'Marguerite Bellamy',
  });
  it.each([
    ['on the common list', '12345678', PASSWORD_COMMON_MESSAGE],
    ['on the list in another case', 'PassWord123', PASSWORD_COMMON_MESSAGE],
    ['the username', 'marguerite_b', PASSWORD_PERSONAL_MESSAGE],
    ['the username in another case, inside', 'MARGUERITE_B-2024', PASSWORD_PERSONAL_MESSAGE],
    ['the e-mail address', 'marguerite.b@example.com', PASSWORD_PERSONAL_MESSAGE],
    ["the e-mail's local part", 'marguerite.b', PASSWORD_PERSONAL_MESSAGE],
    ['the name', 'Marguerite Bellamy', PASSWORD_PERSONAL_MESSAGE],
    ['a word of the name, inside', 'bellamy!rocks', PASSWORD_PERSONAL_MESSAGE],
  ])('%s → 400 on the password field', async (_label, password, message) => {
    const before = await userCount();
    const response = await context
      .agent()
      .post('/api/register')
      .send({ ...input, password });
    expect([response.status, response.body]).toEqual([
      400,
      { message, errors: { password: message } },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('a business too', async () => {
    const business = businessInput({ username: 'harbour_books' });
    const response = await context
      .agent()
      .post('/api/register')
      .send({ ...business, password: 'Harbour_Books' });
    expect([response.status, response.body.errors]).toEqual([
      400,
      { password: PASSWORD_PERSONAL_MESSAGE },
    ]);
  });

  it('still takes a password that is hard to guess, and the length rule keeps its message', async () => {
    const short = await context
      .agent()
      .post('/api/register')
      .send({ ...input, password: '12345' });
    expect([short.status, short.body.errors]).toEqual([
      400,
      { password: 'Password must be at least 6 characters' },
    ]);
    const agent = context.agent();
    await registerAs(agent, { ...input, password: STRONG });
    expect(await signInStatus(input.username, STRONG)).toBe(200);
  });
});

describe('PUT /api/user/password refuses a new password people can guess', () => {
  it('400 on newPassword for a common or a personal one; the password stays; a strong one works', async () => {
    const agent = context.agent();
    const input = consumerInput({ name: 'Theodora Quill' });
    await registerAs(agent, input);
    const hashBefore = await passwordHashOf(input.username);
    for (const [newPassword, message] of [
      ['12345678', PASSWORD_COMMON_MESSAGE],
      ['qwertyuiop', PASSWORD_COMMON_MESSAGE],
      [input.username, PASSWORD_PERSONAL_MESSAGE],
      [`${input.username.toUpperCase()}!`, PASSWORD_PERSONAL_MESSAGE],
      [input.email, PASSWORD_PERSONAL_MESSAGE],
      ['theodora-2025', PASSWORD_PERSONAL_MESSAGE],
    ] as const) {
      const response = await agent
        .put('/api/user/password')
        .send({ currentPassword: TEST_PASSWORD, newPassword });
      expect([response.status, response.body], newPassword).toEqual([
        400,
        { message, errors: { newPassword: message } },
      ]);
    }
    expect(await passwordHashOf(input.username)).toBe(hashBefore);
    expect(await signInStatus(input.username, TEST_PASSWORD)).toBe(200);

    const changed = await agent
      .put('/api/user/password')
      .send({ currentPassword: TEST_PASSWORD, newPassword: STRONG });
    expect(changed.status).toBe(200);
    expect(await signInStatus(input.username, STRONG)).toBe(200);
  });
});

describe('POST /api/password-reset/confirm refuses a new password people can guess', () => {
  it('400 on password, the link still unused; a strong one then works', async () => {
    const input = consumerInput({ name: 'Oswin Fairweather' });
    await registerAs(context.agent(), input);
    const asked = await request(context.app)
      .post('/api/password-reset')
      .send({ email: input.email });
    expect(asked.status).toBe(202);
    const [mail] = await waitForMailTo(context.config.dataDir, input.email);
    const token = linkIn(mail!, ACCOUNT_LINKS.resetPasswordPath).searchParams.get('token')!;
    const hashBefore = await passwordHashOf(input.username);

    for (const [password, message] of [
      ['12345678', PASSWORD_COMMON_MESSAGE],
      ['letmein123', PASSWORD_COMMON_MESSAGE],
      [input.username, PASSWORD_PERSONAL_MESSAGE],
      [input.email.split('@')[0]!, PASSWORD_PERSONAL_MESSAGE],
      ['Fairweather', PASSWORD_PERSONAL_MESSAGE],
    ] as const) {
      const response = await context
        .agent()
        .post('/api/password-reset/confirm')
        .send({ token, password });
      expect([response.status, response.body], password).toEqual([
        400,
        { message, errors: { password: message } },
      ]);
    }
    expect(await passwordHashOf(input.username)).toBe(hashBefore);
    expect(await signInStatus(input.username, TEST_PASSWORD)).toBe(200);

    // The link was not used up by the refusals.
    const reset = await context
      .agent()
      .post('/api/password-reset/confirm')
      .send({ token, password: STRONG });
    expect(reset.status).toBe(200);
    expect(await signInStatus(input.username, STRONG)).toBe(200);
  });
});
