import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationItem } from '@shared/schema/notifications';
import { type Post } from '@shared/schema/posts';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/validate';
import { consumerInput, registerAs, TEST_PASSWORD } from '../testing/factories';
import { consumerWithCard, manyConsumers, signedInConsumer } from '../testing/gift-cards';
import { insertTestStores } from '../testing/stores';
import { PNG_PIXEL as PNG } from '../testing/images';
import { nextCursor, pageLinks } from '../testing/page-headers';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

async function person(name = 'Casey Consumer') {
  const agent = context.agent();
  const user = await registerAs(agent, consumerInput({ name }));
  return { agent, user };
}

describe('POST /api/uploads', () => {
  it('stores an image under a server-made name and serves it with its type and nosniff', async () => {
    const { agent } = await person();
    const response = await agent.post('/api/uploads').attach('file', PNG, 'holiday.gif');
    expect(response.status).toBe(201);
    // Stored re-encoded as WebP (uploads.test.ts): the answer describes the stored file.
    expect(response.body).toEqual({
      url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.webp$/),
      contentType: 'image/webp',
      size: expect.any(Number),
    });
    const served = await context.agent().get(response.body.url);
    expect(served.status).toBe(200);
    expect(served.body.length).toBe(response.body.size);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a non-image named .jpg (400), 6 MB (413), no file (400) and no session (401)', async () => {
    const { agent } = await person();
    const fake = await agent
      .post('/api/uploads')
      .attach('file', Buffer.from('<script>alert(1)</script>'), 'cat.jpg');
    expect([fake.status, fake.body.message]).toEqual([
      400,
      'Only JPEG, PNG, GIF or WebP images can be uploaded',
    ]);
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await agent.post('/api/uploads').attach('file', big, 'big.png');
    expect([tooBig.status, tooBig.body.message]).toEqual([413, 'Images can be at most 5 MB']);
    expect((await agent.post('/api/uploads')).status).toBe(400);
    const anonymous = await context.agent().post('/api/uploads').attach('file', PNG, 'a.png');
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/posts and GET /api/posts', () => {
  it('posts text with an uploaded image and a mention; the feed shows it for the viewer', async () => {
    const ada = await person('Ada Lovelace');
    const bob = await person('Bob Builder');
    const image = await ada.agent.post('/api/uploads').attach('file', PNG, 'a.png');
    const created = await ada.agent.post('/api/posts').send({
      content: `  Coffee with @${bob.user.username}!  `,
      attachmentUrl: image.body.url,
      attachmentType: 'image',
      mentionedUserIds: [bob.user.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      userId: ada.user.id,
      user: { name: 'Ada Lovelace', username: ada.user.username, verified: false },
      content: `Coffee with @${bob.user.username}!`,
      attachmentUrl: image.body.url,
      attachmentType: 'image',
      mentionedUserIds: [bob.user.id],
      likes: 0,
      commentCount: 0,
      isLiked: false,
      isPinned: false,
      isLeaderboardPost: false,
      comments: [],
    });
    const feed = await bob.agent.get('/api/posts');
    expect(feed.status).toBe(200);
    expect(feed.body[0]).toMatchObject({ id: created.body.id });
  });

  it('refuses empty content, a foreign image, an unknown mention and no session', async () => {
    const ada = await person();
    const bob = await person();
    const empty = await ada.agent.post('/api/posts').send({ content: '   ' });
    expect([empty.status, empty.body.message]).toEqual([400, 'Post content is required']);
    const elsewhere = await ada.agent
      .post('/api/posts')
      .send({ content: 'hi', attachmentUrl: 'https://evil.example.com/x.png' });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([
      400,
      'The image must be uploaded first',
    ]);
    const bobsImage = await bob.agent.post('/api/uploads').attach('file', PNG, 'b.png');
    const notMine = await ada.agent
      .post('/api/posts')
      .send({ content: 'hi', attachmentUrl: bobsImage.body.url });
    expect(notMine.status).toBe(400);
    const mention = await ada.agent
      .post('/api/posts')
      .send({ content: 'hi', mentionedUserIds: [999999] });
    expect([mention.status, mention.body.message]).toEqual([400, 'Mentioned user not found']);
    expect((await context.agent().post('/api/posts').send({ content: 'hi' })).status).toBe(401);
    expect((await context.agent().get('/api/posts')).status).toBe(401);
  });

  // Found by the bad-input properties (server/testing/bad-input.ts): each of these was a 500.
  it('refuses text Postgres cannot store and a mention id past its integer range with 400', async () => {
    const ada = await person();
    const nul = await ada.agent.post('/api/posts').send({ content: 'a\u0000b' });
    expect([nul.status, nul.body.errors]).toEqual([400, { content: UNSTORABLE_TEXT_MESSAGE }]);
    const comment = await ada.agent.post('/api/posts').send({ content: 'Hi' });
    const surrogate = await ada.agent
      .post(`/api/posts/${comment.body.id}/comments`)
      .send({ content: 'half \ud83d of an emoji' });
    expect([surrogate.status, surrogate.body.message]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
    const mention = await ada.agent
      .post('/api/posts')
      .send({ content: 'hi', mentionedUserIds: [2_147_483_648] });
    expect([mention.status, mention.body.message]).toEqual([400, 'Mentioned user not found']);
  });

  it('pages with a stable cursor, pinned posts first', async () => {
    const fresh = await createTestContext();
    try {
      const agent = fresh.agent();
      await registerAs(agent, consumerInput());
      const ids: number[] = [];
      for (let index = 0; index < 7; index++) {
        ids.push((await agent.post('/api/posts').send({ content: `post ${index}` })).body.id);
      }
      await agent.post(`/api/posts/${ids[1]}/pin`).send({ pinned: true }).expect(200);
      // Reads every page of `limit` posts, following each `next` link (which keeps the limit
      // and carries the cursor); `onPage` runs after each with the ids so far.
      const readAll = async (limit: number, onPage?: (seen: number[]) => Promise<void>) => {
        const seen: number[] = [];
        let next: string | null = `/api/posts?limit=${limit}`;
        do {
          const page = await agent.get(next);
          expect(page.status).toBe(200);
          seen.push(...(page.body as Post[]).map((post) => post.id));
          next = pageLinks(page).next;
          if (next !== null) {
            expect(Object.fromEntries(new URL(next, 'http://localhost').searchParams)).toEqual({
              limit: String(limit),
              cursor: nextCursor(page),
            });
          }
          expect(pageLinks(page).prev).toBeNull();
          await onPage?.(seen);
        } while (next);
        return seen;
      };
      let late = 0;
      const seen = await readAll(3, async (sofar) => {
        // A new post while paging does not shift the pages already read.
        if (sofar.length === 3) {
          late = (await agent.post('/api/posts').send({ content: 'late' })).body.id;
        }
      });
      expect(seen).toEqual([ids[1], ids[6], ids[5], ids[4], ids[3], ids[2], ids[0]]);

      // One post a page: cursors on pinned posts (two now) and then on unpinned ones.
      await agent.post(`/api/posts/${ids[4]}/pin`).send({ pinned: true }).expect(200);
      const single = await readAll(1);
      expect(single).toEqual([ids[4], ids[1], late, ids[6], ids[5], ids[3], ids[2], ids[0]]);
      expect((await agent.get('/api/posts?cursor=nonsense')).status).toBe(400);
      expect((await agent.get('/api/posts?limit=500')).status).toBe(400);
    } finally {
      await fresh.close();
    }
  });
});

describe('DELETE /api/posts/:id and POST /api/posts/:id/pin', () => {
  it('only the author deletes or pins (403 for others, 404 when gone)', async () => {
    const ada = await person();
    const bob = await person();
    const post = await ada.agent.post('/api/posts').send({ content: 'mine' });
    expect((await bob.agent.delete(`/api/posts/${post.body.id}`)).status).toBe(403);
    expect(
      (await bob.agent.post(`/api/posts/${post.body.id}/pin`).send({ pinned: true })).status,
    ).toBe(403);
    expect(
      (await ada.agent.post(`/api/posts/${post.body.id}/pin`).send({ pinned: 'yes' })).status,
    ).toBe(400);
    expect((await ada.agent.delete(`/api/posts/${post.body.id}`)).status).toBe(204);
    expect((await ada.agent.delete(`/api/posts/${post.body.id}`)).status).toBe(404);
    expect((await context.agent().delete(`/api/posts/${post.body.id}`)).status).toBe(401);
  });
});

describe('likes and comments', () => {
  it('likes idempotently, unlikes, and comments appear on the post', async () => {
    const ada = await person();
    const bob = await person('Bob Builder');
    const post = await ada.agent.post('/api/posts').send({ content: 'like me' });
    const like = () => bob.agent.post(`/api/posts/${post.body.id}/like`);
    expect((await like()).body).toEqual({ postId: post.body.id, likes: 1, isLiked: true });
    expect((await like()).body.likes).toBe(1);
    const unlike = await bob.agent.delete(`/api/posts/${post.body.id}/like`);
    expect(unlike.body).toEqual({ postId: post.body.id, likes: 0, isLiked: false });

    const comment = await bob.agent
      .post(`/api/posts/${post.body.id}/comments`)
      .send({ content: ' Nice! ' });
    expect(comment.status).toBe(201);
    expect(comment.body).toMatchObject({ content: 'Nice!', user: { name: 'Bob Builder' } });
    const empty = await bob.agent.post(`/api/posts/${post.body.id}/comments`).send({ content: '' });
    expect([empty.status, empty.body.message]).toEqual([400, 'Comment content is required']);
    expect((await bob.agent.post('/api/posts/999999/comments').send({ content: 'x' })).status).toBe(
      404,
    );
    expect((await bob.agent.post('/api/posts/999999/like')).status).toBe(404);

    const feed = await ada.agent.get('/api/posts');
    const mine = (feed.body as Post[]).find((item) => item.id === post.body.id);
    expect(mine).toMatchObject({ commentCount: 1, likes: 0, comments: [{ content: 'Nice!' }] });
  });

  it('50 concurrent likes by 50 people give exactly 50', async () => {
    const ada = await person();
    const post = await ada.agent.post('/api/posts').send({ content: 'popular' });
    const people = await manyConsumers(context, 50);
    await Promise.all(people.map((agent) => agent.post(`/api/posts/${post.body.id}/like`)));
    await Promise.all(people.map((agent) => agent.post(`/api/posts/${post.body.id}/like`)));
    const feed = await ada.agent.get('/api/posts?limit=50');
    const popular = (feed.body as Post[]).find((item) => item.id === post.body.id);
    expect(popular?.likes).toBe(50);
  });
});

describe('POST /api/posts/leaderboard', () => {
  it("posts the consumer's real rank, styled as a leaderboard post; unranked gets 409", async () => {
    const store = await insertTestStores(context.database.db);
    const giver = await consumerWithCard(context, store.starbucks, { quantity: 1 });
    const friend = await signedInConsumer(context);
    await giver.agent
      .post(`/api/gift-cards/${giver.card.id}/send`)
      .send({ recipientUsername: friend.user.username })
      .expect(201);

    const shared = await giver.agent.post('/api/posts/leaderboard').send({ period: 'week' });
    expect(shared.status).toBe(201);
    expect(shared.body.isLeaderboardPost).toBe(true);
    expect(shared.body.content).toMatch(
      /^I'm #\d+ of \d+ on the mark\.it gifting leaderboard this week with 10 points! 🎁$/,
    );
    const unranked = await friend.agent.post('/api/posts/leaderboard').send({ period: 'week' });
    expect(unranked.status).toBe(409);
    expect(
      (await giver.agent.post('/api/posts/leaderboard').send({ period: 'decade' })).status,
    ).toBe(400);
  });
});

describe('GET /api/posts, each post as its viewer sees it', () => {
  it('newest three comments oldest first (ties by id), mentions by id, the own like, times in ms', async () => {
    const fresh = await createTestContext();
    try {
      const join = async (name: string) => {
        const agent = fresh.agent();
        const user = await registerAs(agent, consumerInput({ name }));
        return { agent, user };
      };
      const ada = await join('Ada Lovelace');
      const bob = await join('Bob Builder');
      const cyd = await join('Cyd "Quotes" Ünïcode');
      const dee = await join('Dee');
      await fresh.database.query(
        `update users set profile_picture = '/uploads/cyd.png', verified = true where id = $1`,
        [cyd.user.id],
      );
      const mentioned = [dee.user.id, bob.user.id, cyd.user.id];
      const post = await ada.agent
        .post('/api/posts')
        .send({ content: 'Coffee "time" ☕\nsee you', mentionedUserIds: mentioned });
      const commentIds: number[] = [];
      for (let index = 0; index < 5; index++) {
        const commenter = index % 2 === 0 ? cyd : bob;
        const comment = await commenter.agent
          .post(`/api/posts/${post.body.id}/comments`)
          .send({ content: `comment ${index}` });
        commentIds.push(comment.body.id);
      }
      // Comment 0 is the newest by time; comments 1–4 share one instant, so ids break the tie.
      await fresh.database.query(
        `update post_comments set created_at = '2001-02-03 04:05:09.000500+00' where id = $1`,
        [commentIds[0]],
      );
      await fresh.database.query(
        `update post_comments set created_at = '2001-02-03 04:05:07.123999+00'
         where post_id = $1 and id <> $2`,
        [post.body.id, commentIds[0]],
      );
      await fresh.database.query(
        `update posts set created_at = '2001-02-03 04:05:06.789999+00' where id = $1`,
        [post.body.id],
      );
      await bob.agent.post(`/api/posts/${post.body.id}/like`).expect(200);
      const later = await dee.agent.post('/api/posts').send({ content: 'quiet one' });

      const comment = (index: number, commenter: typeof bob, createdAt: string) => ({
        id: commentIds[index],
        content: `comment ${index}`,
        createdAt,
        user:
          commenter === cyd
            ? {
                name: 'Cyd "Quotes" Ünïcode',
                username: cyd.user.username,
                profilePicture: '/uploads/cyd.png',
                verified: true,
              }
            : {
                name: 'Bob Builder',
                username: bob.user.username,
                profilePicture: null,
                verified: false,
              },
      });
      const expected = {
        id: post.body.id,
        userId: ada.user.id,
        user: {
          name: 'Ada Lovelace',
          username: ada.user.username,
          profilePicture: null,
          verified: false,
        },
        content: 'Coffee "time" ☕\nsee you',
        createdAt: '2001-02-03T04:05:06.789Z',
        attachmentUrl: null,
        attachmentType: null,
        mentionedUserIds: [...mentioned].sort((a, b) => a - b),
        likes: 1,
        commentCount: 5,
        isLiked: true,
        isPinned: false,
        isLeaderboardPost: false,
        comments: [
          comment(3, bob, '2001-02-03T04:05:07.123Z'),
          comment(4, cyd, '2001-02-03T04:05:07.123Z'),
          comment(0, cyd, '2001-02-03T04:05:09.000Z'),
        ],
      };

      const bobsFeed = await bob.agent.get('/api/posts');
      expect(bobsFeed.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(bobsFeed.body).toEqual([later.body, expected]);
      // The whole feed on one page: no next link (and a feed tells no total).
      expect(pageLinks(bobsFeed)).toEqual({ next: null, prev: null });
      expect(bobsFeed.headers['x-total-count']).toBeUndefined();
      expect(later.body).toMatchObject({ mentionedUserIds: [], comments: [], isLiked: false });
      const adasFeed = await ada.agent.get('/api/posts');
      expect(adasFeed.body[1]).toEqual({ ...expected, isLiked: false });

      // The single-post answer (after pinning) is the same post; the pinned post leads the feed.
      const pinned = await ada.agent.post(`/api/posts/${post.body.id}/pin`).send({ pinned: true });
      expect(pinned.body).toEqual({ ...expected, isLiked: false, isPinned: true });
      const first = await bob.agent.get('/api/posts?limit=1');
      expect(first.body).toEqual([{ ...expected, isPinned: true }]);
      expect(nextCursor(first)).toEqual(expect.any(String));
      const second = await bob.agent
        .get('/api/posts')
        .query({ limit: 1, cursor: nextCursor(first) });
      expect(second.body).toEqual([later.body]);
      expect(nextCursor(second)).toBeNull();
      expect(nextCursor(await bob.agent.get('/api/posts?limit=2'))).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

describe('the author is told of likes and comments on their post', () => {
  type Agent = ReturnType<TestContext['agent']>;
  const activityOf = async (agent: Agent, postId: number, type: NotificationItem['type']) => {
    const response = await agent.get('/api/consumer/notifications?limit=100');
    expect(response.status).toBe(200);
    return (response.body as NotificationItem[]).filter(
      (item) => item.type === type && item.referenceId === postId,
    );
  };
  const postBy = async (agent: Agent, content = 'my post') => {
    const response = await agent.post('/api/posts').send({ content });
    expect(response.status).toBe(201);
    return response.body.id as number;
  };

  it('one notification per post that says who, newest first, unread again and newest in time', async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const [ava, ben, cy, dee] = await Promise.all(
      ['Ava Able', 'Ben Baker', 'Cy Clark', 'Dee Dunn'].map((name) => person(name)),
    );
    await ava!.agent.post(`/api/posts/${postId}/like`).expect(200);
    const [first] = await activityOf(author.agent, postId, 'post_liked');
    expect(first).toMatchObject({
      message: 'Ava Able liked your post',
      read: false,
      senderName: 'Ava Able',
      referenceType: 'post',
      referenceId: postId,
    });
    await author.agent.patch(`/api/notifications/${first!.id}/read`).expect(200);

    await ben!.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await activityOf(author.agent, postId, 'post_liked')).toEqual([
      expect.objectContaining({ id: first!.id, message: 'Ben Baker and Ava Able liked your post' }),
    ]);
    await author.agent.patch(`/api/notifications/${first!.id}/read`).expect(200);
    await cy!.agent.post(`/api/posts/${postId}/like`).expect(200);
    await dee!.agent.post(`/api/posts/${postId}/like`).expect(200);
    // Liking again changes nothing.
    await ava!.agent.post(`/api/posts/${postId}/like`).expect(200);
    const grouped = await activityOf(author.agent, postId, 'post_liked');
    expect(grouped).toEqual([
      expect.objectContaining({
        id: first!.id,
        message: 'Dee Dunn and 3 others liked your post',
        senderName: 'Dee Dunn',
        read: false,
      }),
    ]);
    expect(Date.parse(grouped[0]!.createdAt)).toBeGreaterThan(Date.parse(first!.createdAt));
    // It leads the list again (unread first, newest first).
    const list = await author.agent.get('/api/consumer/notifications?filter=unread');
    expect(list.body[0]).toMatchObject({ id: first!.id });

    // The author's own like is no news to them, and the others are not told of it.
    await author.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect((await activityOf(author.agent, postId, 'post_liked'))[0]?.message).toBe(
      'Dee Dunn and 3 others liked your post',
    );
    for (const liker of [ava, ben, cy, dee]) {
      expect(await activityOf(liker!.agent, postId, 'post_liked')).toEqual([]);
    }
  });

  it('an unlike takes the name out, quietly; the last one gone takes the notification', async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const ava = await person('Ava Able');
    const ben = await person('Ben Baker');
    await ava.agent.post(`/api/posts/${postId}/like`).expect(200);
    await ben.agent.post(`/api/posts/${postId}/like`).expect(200);
    const [both] = await activityOf(author.agent, postId, 'post_liked');
    await author.agent.patch(`/api/notifications/${both!.id}/read`).expect(200);

    await ben.agent.delete(`/api/posts/${postId}/like`).expect(200);
    const [left] = await activityOf(author.agent, postId, 'post_liked');
    expect(left).toMatchObject({ id: both!.id, message: 'Ava Able liked your post', read: true });
    expect(Date.parse(left!.createdAt)).toBeLessThan(Date.parse(both!.createdAt));

    await ava.agent.delete(`/api/posts/${postId}/like`).expect(200);
    expect(await activityOf(author.agent, postId, 'post_liked')).toEqual([]);
  });

  it('writes nothing for an author who switched likes or comments off', async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const settings = await author.agent.get('/api/notifications/preferences');
    expect(settings.body).toEqual(
      expect.arrayContaining([
        { type: 'post_liked', label: 'Likes on your posts', inApp: true },
        { type: 'post_commented', label: 'Comments on your posts', inApp: true },
      ]),
    );
    await author.agent
      .put('/api/notifications/preferences')
      .send({
        preferences: [
          { type: 'post_liked', inApp: false },
          { type: 'post_commented', inApp: false },
        ],
      })
      .expect(200);
    const ava = await person('Ava Able');
    await ava.agent.post(`/api/posts/${postId}/like`).expect(200);
    await ava.agent.post(`/api/posts/${postId}/comments`).send({ content: 'Hi' }).expect(201);
    expect(await activityOf(author.agent, postId, 'post_liked')).toEqual([]);
    expect(await activityOf(author.agent, postId, 'post_commented')).toEqual([]);
  });

  it('likes at once make one notification counting them all', async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const pair = await manyConsumers(context, 2);
    await Promise.all(pair.map((agent) => agent.post(`/api/posts/${postId}/like`).expect(200)));
    const items = await activityOf(author.agent, postId, 'post_liked');
    expect(items).toHaveLength(1);
    expect(items[0]!.message).toMatch(/^.+ and .+ liked your post$/);
    expect(items[0]!.message).not.toMatch(/others/);

    const crowd = await manyConsumers(context, 10);
    await Promise.all(crowd.map((agent) => agent.post(`/api/posts/${postId}/like`).expect(200)));
    const after = await activityOf(author.agent, postId, 'post_liked');
    expect(after).toHaveLength(1);
    expect(after[0]!.message).toMatch(/^.+ and 11 others liked your post$/);
  });

  it('comments: one notification per post, none for your own, gone with the post', async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const [ava, ben, cy] = await Promise.all(
      ['Ava Able', 'Ben Baker', 'Cy Clark'].map((name) => person(name)),
    );
    const comment = (agent: Agent, content: string) =>
      agent.post(`/api/posts/${postId}/comments`).send({ content }).expect(201);
    await comment(ava!.agent, 'Lovely!');
    expect(await activityOf(author.agent, postId, 'post_commented')).toEqual([
      expect.objectContaining({ message: 'Ava Able commented on your post', read: false }),
    ]);
    await comment(author.agent, 'Thanks Ava');
    await comment(ben!.agent, 'Wow');
    await comment(ava!.agent, 'Still lovely');
    await comment(cy!.agent, 'What a wonderful afternoon');
    const items = await activityOf(author.agent, postId, 'post_commented');
    expect(items).toEqual([
      expect.objectContaining({
        message: 'Cy Clark and 2 others commented on your post',
        senderName: 'Cy Clark',
      }),
    ]);
    // Commenters are not told of the author's reply by this kind.
    expect(await activityOf(ava!.agent, postId, 'post_commented')).toEqual([]);

    // Deleting the post takes its grouped notifications with it.
    await ava!.agent.post(`/api/posts/${postId}/like`).expect(200);
    expect(await activityOf(author.agent, postId, 'post_liked')).toHaveLength(1);
    await author.agent.delete(`/api/posts/${postId}`).expect(204);
    expect(await activityOf(author.agent, postId, 'post_commented')).toEqual([]);
    expect(await activityOf(author.agent, postId, 'post_liked')).toEqual([]);
  });

  it("a deleted account's name leaves the grouped texts", async () => {
    const author = await person('Ada Author');
    const postId = await postBy(author.agent);
    const ava = await person('Ava Able');
    const ben = await person('Ben Baker');
    await ava.agent.post(`/api/posts/${postId}/like`).expect(200);
    await ben.agent.post(`/api/posts/${postId}/like`).expect(200);
    await ben.agent.post(`/api/posts/${postId}/comments`).send({ content: 'Ben was here' });
    await ben.agent.post('/api/user/delete').send({ password: TEST_PASSWORD }).expect(204);

    expect(await activityOf(author.agent, postId, 'post_liked')).toEqual([
      expect.objectContaining({ message: 'Ava Able liked your post', senderName: 'Ava Able' }),
    ]);
    expect(await activityOf(author.agent, postId, 'post_commented')).toEqual([]);
    const all = await author.agent.get('/api/consumer/notifications?limit=100');
    expect(JSON.stringify(all.body)).not.toContain('Ben Baker');
  });
});
