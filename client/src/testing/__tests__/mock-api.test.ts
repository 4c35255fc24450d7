import { describe, expect, expectTypeOf, it } from 'vitest';
import { friendsContracts } from '@shared/contracts/friends';
import { type FriendItem } from '@shared/schema/friends';
import { ApiError, call } from '@/lib/api-client';
import { type ContractRoutes, jsonReply, listReply, mockApi, type MockRoutes } from '../mock-api';

const friendship: FriendItem = {
  friendshipId: 7,
  status: 'accepted',
  friend: { id: 3, name: 'Avery Park', username: 'avery', profilePicture: null, isOnline: true },
};

/**
 * The mock API must be able to fail: a route that is no endpoint, or a body that does not fit the
 * endpoint's contract, fails the typecheck (`npm run typecheck`), and a call no test routed
 * answers 404 at run time.
 */
describe('mockApi', () => {
  it('keys each endpoint by its method and path, as the contract writes them', () => {
    expectTypeOf<ContractRoutes['GET /api/friends']>().toEqualTypeOf<
      typeof friendsContracts.list
    >();
    expectTypeOf<ContractRoutes['DELETE /api/friends/:id']>().toEqualTypeOf<
      typeof friendsContracts.remove
    >();
  });

  it('refuses a route that is no endpoint, and a body that does not fit the contract', () => {
    const refused = (): MockRoutes[] => [
      // @ts-expect-error no endpoint answers GET /api/nothing
      { 'GET /api/nothing': jsonReply(200, []) },
      // @ts-expect-error a concrete path is not a route: the key keeps the contract's `:id`
      { 'DELETE /api/friends/12': jsonReply(204) },
      // @ts-expect-error the friends list answers friendships, not strings
      { 'GET /api/friends': jsonReply(200, ['avery']) },
      // @ts-expect-error a friend needs its friendship's id and status
      { 'GET /api/friends': jsonReply(200, [{ friend: friendship.friend }]) },
      // @ts-expect-error a refusal answers the error body, with a message
      { 'GET /api/friends': jsonReply(404, { error: 'Not found' }) },
      // @ts-expect-error removing a friend answers nothing (204)
      { 'DELETE /api/friends/:id': jsonReply(200, friendship) },
      // @ts-expect-error a list's page holds the list's items
      { 'GET /api/friends': listReply([{ id: 1 }]) },
    ];
    expectTypeOf(refused).toBeFunction();
  });

  it('takes replies that fit: the answer, a refusal, a function of the request', () => {
    const routes: MockRoutes = {
      'GET /api/friends': jsonReply(200, [friendship]),
      'GET /api/friends/requests': jsonReply(500, { message: 'Something went wrong' }),
      'DELETE /api/friends/:id': ({ params }) => {
        expectTypeOf(params).toEqualTypeOf<{ id: string }>();
        return jsonReply(204);
      },
      'POST /api/friends/request': ({ body }) => {
        expectTypeOf(body).toEqualTypeOf<{ username: string }>();
        return jsonReply(404, { message: 'User not found' });
      },
      // An upload's body is its multipart form, not JSON.
      'POST /api/uploads': ({ body }) => {
        expectTypeOf(body).toEqualTypeOf<FormData>();
        return jsonReply(413, { message: 'Too large' });
      },
    };
    expect(Object.keys(routes)).toHaveLength(5);
  });

  it('answers a call no test routed with 404', async () => {
    const api = mockApi({});

    const error = await call(friendsContracts.list).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'No mock for GET /api/friends' });
    expect(api.requestsTo('GET', '/api/friends')).toHaveLength(1);
  });

  it('answers a routed call and records it with its path parameters', async () => {
    const api = mockApi({
      'GET /api/friends': jsonReply(200, [friendship]),
      'DELETE /api/friends/:id': jsonReply(204),
    });

    await expect(call(friendsContracts.list)).resolves.toEqual([friendship]);
    await call(friendsContracts.remove, { params: { id: 12 } });

    expect(api.requestsTo('DELETE', '/api/friends/12')).toEqual([
      expect.objectContaining({ params: { id: '12' } }),
    ]);
  });
});
