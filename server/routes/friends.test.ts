import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FriendItem, type SuggestedFriend } from '@shared/schema/friends';
import { consumerInput, registerAs } from '../testing/factories';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

async function person(overrides: Parameters<typeof consumerInput>[0] = {}) {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput(overrides));
  return { agent, user };
}

type Person = Awaited<ReturnType<typeof person>>;

async function befriend(a: Person, b: Person) {
  const asked = await a.agent.post('/api/friends/request').send({ username: b.user.username });
  await b.agent
    .post('/api/friends/respond')
    .send({ friendshipId: asked.body.friendshipId, action: 'accept' })
    .expect(200);
}

describe('POST /api/friends/request and /respond', () => {
  it('asks, the addressee sees the request and accepts; both are friends, online', async () => {
    const ada = await person({ name: 'Ada Lovelace' });
    const bob = await person({ name: 'Bob Builder' });
    const asked = await ada.agent
      .post('/api/friends/request')
      .send({ username: bob.user.username.toUpperCase() });
    expect(asked.status).toBe(201);
    // A request still pending counts no friend.
    expect((await ada.agent.get('/api/user')).body.friendsCount).toBe(0);
    expect(asked.body).toMatchObject({
      status: 'pending',
      friend: { id: bob.user.id, name: 'Bob Builder' },
    });

    const requests = await bob.agent.get('/api/friends/requests');
    expect(requests.body).toEqual([
      {
        id: asked.body.friendshipId,
        type: 'received',
        name: 'Ada Lovelace',
        username: ada.user.username,
        createdAt: expect.any(String),
        profilePicture: null,
      },
    ]);
    expect((await ada.agent.get('/api/friends/requests')).body).toEqual([]);

    const accepted = await bob.agent
      .post('/api/friends/respond')
      .send({ friendshipId: asked.body.friendshipId, action: 'accept' });
    expect(accepted.body).toMatchObject({ status: 'accepted', friend: { id: ada.user.id } });
    // Each now counts the other on their own account, as on their public profile.
    expect((await ada.agent.get('/api/user')).body.friendsCount).toBe(1);
    expect((await bob.agent.get('/api/user')).body.friendsCount).toBe(1);

    const adaFriends = (await ada.agent.get('/api/friends')).body as FriendItem[];
    expect(adaFriends).toEqual([
      {
        friendshipId: asked.body.friendshipId,
        status: 'accepted',
        friend: {
          id: bob.user.id,
          name: 'Bob Builder',
          username: bob.user.username,
          profilePicture: null,
          isOnline: true,
        },
      },
    ]);
    // Not seen for ten minutes: offline.
    await context.database.db.execute(
      sql`update users set last_seen_at = now() - interval '10 minutes' where id = ${ada.user.id}`,
    );
    const bobFriends = (await bob.agent.get('/api/friends')).body as FriendItem[];
    expect(bobFriends[0]?.friend).toMatchObject({ id: ada.user.id, isOnline: false });

    const search = await ada.agent.get(`/api/users/search?q=${bob.user.username}`);
    expect(search.body[0]).toMatchObject({ id: bob.user.id, friendshipStatus: 'accepted' });
  });

  it('refuses yourself (400), an unknown user (404) and a duplicate (409); asking back accepts', async () => {
    const ada = await person();
    const bob = await person();
    const self = await ada.agent.post('/api/friends/request').send({ username: ada.user.username });
    expect([self.status, self.body.message]).toEqual([
      400,
      'You cannot send a friend request to yourself',
    ]);
    const unknown = await ada.agent
      .post('/api/friends/request')
      .send({ username: 'nobody_at_all_here' });
    expect(unknown.status).toBe(404);
    expect((await ada.agent.post('/api/friends/request').send({})).status).toBe(400);

    await ada.agent.post('/api/friends/request').send({ username: bob.user.username }).expect(201);
    const twice = await ada.agent
      .post('/api/friends/request')
      .send({ username: bob.user.username });
    expect([twice.status, twice.body.message]).toEqual([
      409,
      'A friend request is already pending',
    ]);
    const search = await ada.agent.get(`/api/users/search?q=${bob.user.username}`);
    expect(search.body[0].friendshipStatus).toBe('pending');

    const back = await bob.agent.post('/api/friends/request').send({ username: ada.user.username });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('accepted');
    const again = await bob.agent
      .post('/api/friends/request')
      .send({ username: ada.user.username });
    expect([again.status, again.body.message]).toEqual([409, 'You are already friends']);
  });

  it('lets only the addressee respond, once; a rejected request may be asked again', async () => {
    const ada = await person();
    const bob = await person();
    const eve = await person();
    const asked = await ada.agent
      .post('/api/friends/request')
      .send({ username: bob.user.username });
    const id = asked.body.friendshipId as number;
    for (const agent of [ada.agent, eve.agent]) {
      const response = await agent
        .post('/api/friends/respond')
        .send({ friendshipId: id, action: 'accept' });
      expect(response.status).toBe(404);
    }
    const bad = await bob.agent
      .post('/api/friends/respond')
      .send({ friendshipId: id, action: 'maybe' });
    expect([bad.status, bad.body.message]).toEqual([400, "action must be 'accept' or 'reject'"]);
    const rejected = await bob.agent
      .post('/api/friends/respond')
      .send({ friendshipId: id, action: 'reject' });
    expect(rejected.body.status).toBe('rejected');
    const twice = await bob.agent
      .post('/api/friends/respond')
      .send({ friendshipId: id, action: 'accept' });
    expect(twice.status).toBe(409);
    expect((await ada.agent.get('/api/friends')).body).toEqual([]);
    const renewed = await ada.agent
      .post('/api/friends/request')
      .send({ username: bob.user.username });
    expect(renewed.status).toBe(201);
    expect((await bob.agent.get('/api/friends/requests')).body).toHaveLength(1);
  });

  // Found by the bad-input properties (server/testing/bad-input.ts): it was a 500.
  it('refuses a friendship id past the integer range with 400', async () => {
    const ada = await person();
    const response = await ada.agent
      .post('/api/friends/respond')
      .send({ friendshipId: 2_147_483_648, action: 'accept' });
    expect([response.status, response.body.message]).toEqual([
      400,
      'friendshipId must be a number',
    ]);
  });

  it('answers 401 without a session on every friends endpoint', async () => {
    const anonymous = context.agent();
    for (const [method, path] of [
      ['post', '/api/friends/request'],
      ['post', '/api/friends/respond'],
      ['get', '/api/friends'],
      ['get', '/api/friends/requests'],
      ['get', '/api/friends/suggested'],
      ['get', '/api/friends/search?query=ab'],
      ['delete', '/api/friends/1'],
    ] as const) {
      expect((await anonymous[method](path)).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('DELETE /api/friends/:id', () => {
  it('either friend can end the friendship; a stranger gets 404', async () => {
    const ada = await person();
    const bob = await person();
    const eve = await person();
    await befriend(ada, bob);
    const [friendship] = (await ada.agent.get('/api/friends')).body as FriendItem[];
    expect((await eve.agent.delete(`/api/friends/${friendship!.friendshipId}`)).status).toBe(404);
    expect((await bob.agent.delete(`/api/friends/${friendship!.friendshipId}`)).status).toBe(204);
    expect((await ada.agent.get('/api/friends')).body).toEqual([]);
  });
});

describe('GET /api/friends/suggested', () => {
  it('suggests friends of friends first, then people with the same brands; never friends or yourself', async () => {
    const me = await person({ brands: ['walmart'] });
    const friend = await person({ brands: ['dunkin'] });
    const friendOfFriend = await person({ brands: ['dunkin'] });
    const sameBrand = await person({ brands: ['walmart'] });
    await befriend(me, friend);
    await befriend(friend, friendOfFriend);

    const response = await me.agent.get('/api/friends/suggested?limit=50');
    const suggested = response.body as SuggestedFriend[];
    const ids = suggested.map((entry) => entry.id);
    expect(ids[0]).toBe(friendOfFriend.user.id);
    expect(suggested[0]?.mutualFriends).toBe(1);
    expect(ids).toContain(sameBrand.user.id);
    expect(ids).not.toContain(me.user.id);
    expect(ids).not.toContain(friend.user.id);
    expect((await me.agent.get('/api/friends/suggested?limit=0')).status).toBe(400);
  });
});

describe('GET /api/friends/search and /api/user/:username/friends', () => {
  it('finds people to mention (friends first) and lists anyone’s friends publicly', async () => {
    const ada = await person({ username: `zz_ada_${Date.now() % 100000}` });
    const bob = await person({ name: 'Zz Bob' });
    await befriend(ada, bob);
    const mention = await ada.agent.get('/api/friends/search?query=Zz');
    expect(mention.status).toBe(200);
    expect(mention.body[0]).toEqual({
      id: bob.user.id,
      name: 'Zz Bob',
      username: bob.user.username,
      profilePicture: null,
    });
    expect((await ada.agent.get('/api/friends/search?query=z')).status).toBe(400);

    const publicList = await context.agent().get(`/api/user/${ada.user.username}/friends`);
    expect(publicList.status).toBe(200);
    expect(publicList.body).toEqual([
      {
        id: bob.user.id,
        name: 'Zz Bob',
        username: bob.user.username,
        profilePicture: null,
        verified: false,
      },
    ]);
    expect((await context.agent().get('/api/user/nobody_at_all_here/friends')).status).toBe(404);
  });
});
