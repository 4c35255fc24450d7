import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendships } from '@shared/tables/friends';
import { shareEvents } from '@shared/tables/profiles';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/validate';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

async function consumer(overrides: Parameters<typeof consumerInput>[0] = {}) {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput(overrides));
  return { agent, user };
}

describe('GET /api/user/profile/:username', () => {
  it('answers the public fields only, for any letter case, signed out', async () => {
    const { user } = await consumer({ name: 'Ava Thompson', brands: ['starbucks', 'dunkin'] });
    const [friend, askedThem, pending] = [await consumer(), await consumer(), await consumer()];
    // Friends on either side of the friendship count; a pending request does not.
    await context.database.db.insert(friendships).values([
      { requesterId: user.id, addresseeId: friend.user.id, status: 'accepted' },
      { requesterId: askedThem.user.id, addresseeId: user.id, status: 'accepted' },
      { requesterId: pending.user.id, addresseeId: user.id, status: 'pending' },
    ]);

    const response = await context.agent().get(`/api/user/profile/${user.username.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      name: 'Ava Thompson',
      username: user.username,
      profilePicture: null,
      verified: false,
      friendsCount: 2,
      brands: ['dunkin', 'starbucks'],
      type: 'consumer',
    });
    const text = JSON.stringify(response.body);
    for (const secret of ['email', 'phone', 'password', '@example.com', 'scrypt']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 404 with a message for an unknown username', async () => {
    const response = await context.agent().get('/api/user/profile/nobody_at_all_here');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Profile not found');
  });

  // A NUL reached the profile query, which failed with a 500 (found by the bad-input properties).
  it('answers 400 for a username with a NUL in it', async () => {
    const response = await context.agent().get('/api/user/profile/ada%00');
    expect([response.status, response.body.message]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
  });
});

describe('GET /api/user/qr-code/:username', () => {
  it("is a decodable PNG of the profile's absolute URL, cacheable", async () => {
    const { user } = await consumer();
    const response = await context
      .agent()
      .get(`/api/user/qr-code/${user.username}`)
      .set('Host', 'markit.example.com')
      .buffer(true)
      .parse((res, callback) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const png = PNG.sync.read(response.body as Buffer);
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(`http://markit.example.com/u/${user.username}`);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await context.agent().get('/api/user/qr-code/nobody_at_all_here');
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('Profile not found');
  });
});

describe('POST /api/analytics/share', () => {
  it('stores a guest share and a signed-in share', async () => {
    const { user, agent } = await consumer();
    const guest = await context
      .agent()
      .post('/api/analytics/share')
      .send({ platform: 'whatsapp', profileUsername: user.username });
    expect(guest.status).toBe(201);
    await agent
      .post('/api/analytics/share')
      .send({ platform: 'copy', profileUsername: user.username })
      .expect(201);
    const rows = await context.database.db
      .select({ platform: shareEvents.platform, sharedBy: shareEvents.sharedBy })
      .from(shareEvents)
      .where(eq(shareEvents.profileUserId, user.id));
    expect(rows).toEqual(
      expect.arrayContaining([
        { platform: 'whatsapp', sharedBy: null },
        { platform: 'copy', sharedBy: user.id },
      ]),
    );
  });

  it('refuses an unknown platform (400) and an unknown profile (404)', async () => {
    const { user } = await consumer();
    const platform = await context
      .agent()
      .post('/api/analytics/share')
      .send({ platform: 'myspace', profileUsername: user.username });
    expect(platform.status).toBe(400);
    expect(platform.body.message).toBe(
      'platform must be one of native, copy, qr, twitter, facebook, whatsapp, instagram',
    );
    const profile = await context
      .agent()
      .post('/api/analytics/share')
      .send({ platform: 'copy', profileUsername: 'nobody_at_all_here' });
    expect(profile.status).toBe(404);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestContext({ rateLimits: { sharesPerHour: 2 } });
    try {
      const agent = limited.agent();
      const user = await registerAs(agent, consumerInput());
      const share = () =>
        agent.post('/api/analytics/share').send({ platform: 'qr', profileUsername: user.username });
      expect((await share()).status).toBe(201);
      expect((await share()).status).toBe(201);
      const third = await share();
      expect(third.status).toBe(429);
      expect(third.body.message).toBe('Too many shares. Please try again later.');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/users/:username/report', () => {
  it('records one open report per reporter and profile', async () => {
    const reporter = await consumer();
    const reported = await consumer();
    const first = await reporter.agent
      .post(`/api/users/${reported.user.username}/report`)
      .send({ reason: 'spam', details: 'Sends links to a scam site' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ reason: 'spam', status: 'open' });
    const again = await reporter.agent
      .post(`/api/users/${reported.user.username}/report`)
      .send({ reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You have already reported this profile; we are looking into it',
    );
    // Someone else may still report the same profile.
    const other = await consumer();
    await other.agent
      .post(`/api/users/${reported.user.username}/report`)
      .send({ reason: 'harassment' })
      .expect(201);
  });

  it('refuses your own profile, a bad reason, an unknown user and no session', async () => {
    const reporter = await consumer();
    const self = await reporter.agent
      .post(`/api/users/${reporter.user.username}/report`)
      .send({ reason: 'spam' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot report your own profile');
    const reason = await reporter.agent
      .post(`/api/users/${reporter.user.username}/report`)
      .send({ reason: 'boring' });
    expect(reason.status).toBe(400);
    expect(reason.body.message).toBe('Choose a reason for the report');
    const unknown = await reporter.agent
      .post('/api/users/nobody_at_all_here/report')
      .send({ reason: 'spam' });
    expect(unknown.status).toBe(404);
    const anonymous = await context
      .agent()
      .post(`/api/users/${reporter.user.username}/report`)
      .send({ reason: 'spam' });
    expect(anonymous.status).toBe(401);
  });
});
