import { vi } from 'vitest';

export type MockRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
};

export type MockReply = { status?: number; body?: unknown };

/** A reply, or a function of the request that returns one (possibly a promise that never settles). */
export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** Routes keyed 'METHOD /api/path', e.g. 'POST /api/login'. */
export type MockRoutes = Record<string, MockHandler>;

export function jsonReply(status: number, body?: unknown): MockReply {
  return { status, body };
}

/** A handler whose request never completes: for loading states. */
export const pending = (): Promise<MockReply> => new Promise(() => {});

/**
 * Replaces the global fetch with a router over `routes`; unrouted calls answer 404. Returns the
 * recorded requests so a test can assert what was (or was not) sent.
 */
export function mockApi(routes: MockRoutes) {
  const requests: MockRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: MockRequest = { method, path: url.pathname, search: url.searchParams, body };
    requests.push(request);

    const handler = routes[`${method} ${url.pathname}`];
    const reply = !handler
      ? jsonReply(404, { message: `No mock for ${method} ${url.pathname}` })
      : typeof handler === 'function'
        ? await handler(request)
        : handler;

    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetch: fetchMock,
    requests,
    requestsTo: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}
