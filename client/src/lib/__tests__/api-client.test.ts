import { describe, expect, it, vi } from 'vitest';
import { jsonReply, mockApi } from '@/testing/mock-api';
import { ApiError, api, errorMessage } from '../api-client';

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
