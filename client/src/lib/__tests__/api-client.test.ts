import { describe, expect, it, vi } from 'vitest';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { ApiError, api, errorMessage, nextPageNumber, parseLinkHeader } from '../api-client';

describe('api client', () => {
  it('sends JSON with credentials under /api and returns the parsed body', async () => {
    const mock = mockApi({ 'POST /api/login': jsonReply(200, { id: 1 }) });

    await expect(api.post('/login', { identifier: 'casey' })).resolves.toEqual({ id: 1 });

    const [, init] = mock.fetch.mock.calls[0]!;
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ identifier: 'casey' }),
    });
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('reads a list: the array, X-Total-Count and the next and prev links as query parameters', async () => {
    mockApi({
      'GET /api/things': {
        body: [{ id: 3 }, { id: 4 }],
        headers: {
          'X-Total-Count': '7',
          Link: '</api/things?q=tea&page=3&limit=2>; rel="next", </api/things?q=tea&page=1&limit=2>; rel="prev"',
        },
      },
    });

    const page = await api.list<{ id: number }>('/things', { params: { q: 'tea', page: 2 } });

    expect(page.items).toEqual([{ id: 3 }, { id: 4 }]);
    expect(page.total).toBe(7);
    expect(page.next).toEqual({ q: 'tea', page: '3', limit: '2' });
    expect(page.prev).toEqual({ q: 'tea', page: '1', limit: '2' });
    expect(nextPageNumber(page)).toBe(3);
  });

  it('reads a list without a count or links as one page of unknown total', async () => {
    mockApi({ 'GET /api/posts': jsonReply(200, [{ id: 1 }]) });

    const page = await api.list('/posts');

    expect(page).toMatchObject({ items: [{ id: 1 }], total: null, next: null, prev: null });
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
    const mock = mockApi({ 'GET /api/things': jsonReply(200, []) });

    await api.get('/things', { params: { q: 'coffee shop', page: 2, empty: undefined } });

    expect(mock.fetch.mock.calls[0]![0]).toBe('/api/things?q=coffee+shop&page=2');
  });

  it("turns an error body into an ApiError with the server's message and field errors", async () => {
    mockApi({
      'POST /api/register': jsonReply(409, {
        message: 'Username is already taken',
        errors: { username: 'Username is already taken' },
      }),
    });

    const error = await api.post('/register', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Username is already taken',
      errors: { username: 'Username is already taken' },
    });
  });

  it('turns a network failure into a readable ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await api.get('/user').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0 });
    expect(errorMessage(error, 'fallback')).toMatch(/unable to reach the server/i);
  });

  it('uses the fallback when the server gave no message', async () => {
    mockApi({ 'POST /api/login': jsonReply(400) });

    const error = await api.post('/login', {}).catch((caught: unknown) => caught);

    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });
});
