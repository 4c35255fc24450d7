import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type UserSearchResult } from '@shared/schema/gift-cards';
import { businessInput, consumerInput, registerAs } from '../testing/factories';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/validate';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const usernames = (results: UserSearchResult[]) => results.map((user) => user.username);

describe('GET /api/users/search', () => {
  it('finds people by username prefix or a word of their name, never the searcher', async () => {
    const searcher = context.agent();
    await registerAs(searcher, consumerInput({ username: 'zq_searcher', name: 'Zq Searcher' }));
    await registerAs(context.agent(), consumerInput({ username: 'zq_liam', name: 'Liam Carter' }));
    await registerAs(
      context.agent(),
      consumerInput({ username: 'olivia_zq', name: 'Olivia Zqwerty' }),
    );
    await registerAs(context.agent(), businessInput({ username: 'zq_shop', name: 'Zq Shop' }));

    const response = await searcher.get('/api/users/search?q=ZQ');
    expect(response.status).toBe(200);
    expect(usernames(response.body)).toEqual(['zq_liam', 'zq_shop', 'olivia_zq']);
    expect(response.body[0]).toEqual({
      id: expect.any(Number),
      name: 'Liam Carter',
      username: 'zq_liam',
      profilePicture: null,
      verified: false,
      type: 'consumer',
      friendshipStatus: 'none',
    });

    const consumers = await searcher.get('/api/users/search?q=zq&type=consumer');
    expect(usernames(consumers.body)).toEqual(['zq_liam', 'olivia_zq']);
    const wildcard = await searcher.get('/api/users/search?q=%25%25');
    expect(wildcard.body).toEqual([]);
  });

  it('needs at least 2 characters (400) and a session (401)', async () => {
    const searcher = context.agent();
    await registerAs(searcher, consumerInput());
    const short = await searcher.get('/api/users/search?q=a');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Type at least 2 characters to search');
    expect((await searcher.get('/api/users/search?q=ab&type=robot')).status).toBe(400);
    // A NUL reached the search query, which failed with a 500 (found by the bad-input properties).
    const nul = await searcher.get('/api/users/search?q=ab%00');
    expect([nul.status, nul.body.message]).toEqual([400, UNSTORABLE_TEXT_MESSAGE]);
    expect((await context.agent().get('/api/users/search?q=ab')).status).toBe(401);
  });
});
