import { vi } from 'vitest';

export type MockRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
};

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A reply, or a function of the request that returns one (possibly a promise that never settles). */
export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

/** Routes keyed 'METHOD /api/path', e.g. 'POST /api/login'. */
export type MockRoutes = Record<string, MockHandler>;

export function jsonReply(status: number, body?: unknown): MockReply {
  return { status, body };
}

type ListFacts = {
  /** Every row of the list (X-Total-Count); the page's rows by default. */
  total?: number;
  page?: number;
  limit?: number;
  /** For a list paged by cursor (the feed): the next page's cursor, or null on the last page. */
  nextCursor?: string | null;
  headers?: Record<string, string>;
};

/**
 * A page of a list as the API answers it: the JSON array of the page's rows, with the page facts
 * in headers (X-Total-Count and a Link header with rel="next" and rel="prev").
 */
export function listReply<Item>(
  items: Item[],
  { total, page = 1, limit = 20, nextCursor, headers = {} }: ListFacts = {},
): MockReply {
  const links: string[] = [];
  if (nextCursor !== undefined) {
    if (nextCursor) links.push(`</api/list?cursor=${nextCursor}&limit=${limit}>; rel="next"`);
  } else {
    const rows = total ?? items.length;
    headers = { ...headers, 'X-Total-Count': String(rows) };
    if (page * limit < rows) links.push(`</api/list?page=${page + 1}&limit=${limit}>; rel="next"`);
    if (page > 1) links.push(`</api/list?page=${page - 1}&limit=${limit}>; rel="prev"`);
  }
  return {
    status: 200,
    body: items,
    headers: { ...headers, ...(links.length > 0 && { Link: links.join(', ') }) },
  };
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
      headers: { 'Content-Type': 'application/json', ...reply.headers },
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
