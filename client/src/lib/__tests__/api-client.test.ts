import { describe, expect, it, vi } from 'vitest';
import { authContracts } from '@shared/contracts/auth';
import { usersContracts } from '@shared/contracts/users';
import { walletContracts } from '@shared/contracts/wallet';
import { type WalletTransaction } from '@shared/schema/ledger';
import { buildUser } from '@/testing/fixtures';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { ApiError, call, errorMessage, nextPageNumber, parseLinkHeader } from '../api-client';

const casey = buildUser();

function movement(id: string): WalletTransaction {
  return {
    id,
    kind: 'add_funds',
    description: 'Added funds (card ending 4242)',
    type: 'received',
    date: '2025-03-04T12:00:00.000Z',
    amount: 100,
    status: 'completed',
  };
}

describe('api client', () => {
  it('sends JSON with credentials under /api and returns the parsed body', async () => {
    // What fetch was given (credentials are not part of the request the mock server sees).
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const mock = mockApi({ 'POST /api/login': jsonReply(200, casey) });

    await expect(
      call(authContracts.login, { body: { identifier: 'casey', password: 'secret123' } }),
    ).resolves.toEqual(casey);

    const [, init] = fetchSpy.mock.calls[0]!;
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ identifier: 'casey', password: 'secret123' }),
    });
    const [sent] = mock.requestsTo('POST', '/api/login');
    expect(sent?.headers.get('Content-Type')).toBe('application/json');
    expect(sent?.body).toEqual({ identifier: 'casey', password: 'secret123' });
  });

  it('reads a list: the array, X-Total-Count and the next and prev links as query parameters', async () => {
    mockApi({
      'GET /api/wallet/transactions': {
        body: [movement('t3'), movement('t4')],
        headers: {
          'X-Total-Count': '7',
          Link: '</api/wallet/transactions?page=3&limit=2>; rel="next", </api/wallet/transactions?page=1&limit=2>; rel="prev"',
        },
      },
    });

    const page = await call(walletContracts.transactions, { query: { page: 2, limit: 2 } });

    expect(page.items).toEqual([movement('t3'), movement('t4')]);
    expect(page.total).toBe(7);
    expect(page.next).toEqual({ page: '3', limit: '2' });
    expect(page.prev).toEqual({ page: '1', limit: '2' });
    expect(nextPageNumber(page)).toBe(3);
  });

  it('reads a list without a count or links as one page of unknown total', async () => {
    mockApi({ 'GET /api/wallet/transactions': jsonReply(200, [movement('t1')]) });

    const page = await call(walletContracts.transactions);

    expect(page).toMatchObject({
      items: [movement('t1')],
      total: null,
      next: null,
      prev: null,
    });
    expect(nextPageNumber(page)).toBeUndefined();
  });

  it('parses Link headers with several relations, spaces and a cursor', () => {
    expect(
      parseLinkHeader(
        '</api/posts?cursor=abc_-1&limit=10> ; rel="next" ,</api/posts?limit=10>;rel=first',
      ),
    ).toEqual({ next: { cursor: 'abc_-1', limit: '10' }, first: { limit: '10' } });
    expect(parseLinkHeader(null)).toEqual({});
  });

  it('adds query parameters and skips empty ones', async () => {
    const mock = mockApi({ 'GET /api/users/search': jsonReply(200, []) });

    await call(usersContracts.search, { query: { q: 'coffee shop', type: undefined } });

    const [sent] = mock.requestsTo('GET', '/api/users/search');
    expect(sent?.search.toString()).toBe('q=coffee+shop');
  });

  it("turns an error body into an ApiError with the server's message and field errors", async () => {
    mockApi({
      'POST /api/login': jsonReply(401, {
        message: 'Invalid email or password',
        errors: { password: 'Invalid email or password' },
      }),
    });

    const error = await call(authContracts.login, {
      body: { identifier: 'casey', password: 'wrong' },
    }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Invalid email or password',
      errors: { password: 'Invalid email or password' },
    });
  });

  it('turns a network failure into a readable ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await call(authContracts.user).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'fallback')).toMatch(/unable to reach the server/i);
  });

  it('uses the fallback when the server gave no message', async () => {
    mockApi({ 'POST /api/login': jsonReply(400) });

    const error = await call(authContracts.login, {
      body: { identifier: 'casey', password: 'secret123' },
    }).catch((caught: unknown) => caught);

    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });
});
