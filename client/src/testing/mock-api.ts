import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { type z } from 'zod';
import { type ApiErrorBody } from '@shared/api';
import {
  type ContractAnswer,
  type ErrorStatus,
  type HttpMethod,
  type SuccessStatus,
} from '@shared/contract';
import { type contractGroups } from '@shared/contracts';

/**
 * The API as component tests see it: MSW answers each request from the routes a test gives
 * `mockApi`, keyed by the contracts (shared/contracts), so a route that is no endpoint, or a
 * fixture that no longer fits its endpoint's answer, fails the typecheck.
 */

type Groups = typeof contractGroups;
type EveryContract = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

type RouteKeyOf<C> = C extends { method: infer M extends string; path: infer P extends string }
  ? `${Uppercase<M>} /api${P}`
  : never;

/** Every endpoint by its route key, 'METHOD /api/path' with Express-style parameters. */
export type ContractRoutes = { [C in EveryContract as RouteKeyOf<C>]: C };

/** 'GET /api/friends', 'DELETE /api/friends/:id', … */
export type RouteKey = keyof ContractRoutes;

/** `/user/:username/friends` → `{ username: string }`. */
type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** The body the client sends to an endpoint: its JSON, or an upload's form. */
type RequestBody<C> = C extends { upload?: infer Upload }
  ? true extends NonNullable<Upload>
    ? FormData
    : JsonBody<C>
  : JsonBody<C>;
type JsonBody<C> = C extends { body?: infer B }
  ? B extends z.ZodType
    ? z.input<B>
    : undefined
  : undefined;

/** A request as it reached the mock API, whichever route answered it (or none). */
export type RecordedRequest = {
  method: string;
  /** The path as sent, `/api/friends/12`. */
  path: string;
  /** The route's path parameters, `{ id: '12' }` for `/api/friends/:id`. */
  params: Record<string, string>;
  search: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, the FormData of a multipart upload, or undefined for none. */
  body: unknown;
};

/** A request as a route's handler reads it: its path parameters and body typed by the route. */
export type MockRequest<K extends RouteKey> = Omit<RecordedRequest, 'params' | 'body'> & {
  params: PathParams<K>;
  body: RequestBody<ContractRoutes[K]>;
};

/** The statuses an error reply may have: a refusal, or the server failing. */
export type ErrorReplyStatus = ErrorStatus | 500 | 502 | 503;

type ReplyHeaders = Record<string, string>;

/**
 * A JSON value as a fixture may write it: its arrays may be read-only (`jsonReply` keeps a
 * literal's types, so that `status: 'pending'` stays the literal the answer's type wants).
 */
type Fixture<T> = T extends readonly (infer Item)[]
  ? readonly Fixture<Item>[]
  : T extends object
    ? { [K in keyof T]: Fixture<T[K]> }
    : T;

/** The body of a success with another status that has a schema of its own (a 202 sign-in). */
type OtherAnswer<C> = C extends { answer: { otherStatuses?: ReadonlyArray<infer Other> } }
  ? Other extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : never
  : never;

/** A success: the endpoint's answer (an array of its items for a list, nothing for a 204). */
type SuccessReply<C> = [ContractAnswer<C>] extends [void]
  ? { status?: SuccessStatus | 204; body?: undefined; headers?: ReplyHeaders }
  : {
      status?: SuccessStatus;
      body: Fixture<ContractAnswer<C> | OtherAnswer<C>>;
      headers?: ReplyHeaders;
    };

/**
 * A refusal, with the error body every `/api` failure answers (none: a proxy's bare error page).
 */
export type ErrorReply = { status: ErrorReplyStatus; body?: ApiErrorBody; headers?: ReplyHeaders };

export type MockReply<K extends RouteKey> = SuccessReply<ContractRoutes[K]> | ErrorReply;

/** A reply, or a function of the request that returns one (possibly a promise that never settles). */
export type MockHandler<K extends RouteKey> =
  MockReply<K> | ((request: MockRequest<K>) => MockReply<K> | Promise<MockReply<K>>);

/** The routes a test answers, keyed 'METHOD /api/path' as the contracts write them. */
export type MockRoutes = { [K in RouteKey]?: MockHandler<K> };

/**
 * A reply with this status and body. A refusal's body is the error body; a success's is checked
 * where the reply is used, against the endpoint's answer.
 */
export function jsonReply<Status extends ErrorReplyStatus>(
  status: Status,
  body?: ApiErrorBody,
): { status: Status; body?: ApiErrorBody };
export function jsonReply(status: 204): { status: 204 };
export function jsonReply<Status extends SuccessStatus, const Body>(
  status: Status,
  body: Body,
): { status: Status; body: Body };
export function jsonReply(status: number, body?: unknown): { status: number; body?: unknown } {
  return { status, body };
}

type ListFacts = {
  /** Every row of the list (X-Total-Count); the page's rows by default. */
  total?: number;
  page?: number;
  limit?: number;
  /** For a list paged by cursor (the feed): the next page's cursor, or null on the last page. */
  nextCursor?: string | null;
  headers?: ReplyHeaders;
};

/**
 * A page of a list as the API answers it: the JSON array of the page's rows, with the page facts
 * in headers (X-Total-Count and a Link header with rel="next" and rel="prev").
 */
export function listReply<const Item>(
  items: readonly Item[],
  { total, page = 1, limit = 20, nextCursor, headers = {} }: ListFacts = {},
): { status: 200; body: readonly Item[]; headers: ReplyHeaders } {
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
export const pending = (): Promise<never> => new Promise(() => {});

/** Where the requests of the current test are recorded (`mockApi` starts a new list). */
let recorded: RecordedRequest[] = [];

/** Each request in flight: its record, and when its body has been read into it. */
const inFlight = new Map<string, { entry: RecordedRequest; bodyRead: Promise<void> }>();

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text && type.includes('json') ? JSON.parse(text) : text || undefined;
}

/**
 * Records a request the moment the app sends it (as `fetch` is called, before any answer), so a
 * test that looks right after a click sees it; its body follows as soon as it is read.
 */
function record({ request, requestId }: { request: Request; requestId: string }) {
  const url = new URL(request.url);
  const entry: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    params: {},
    search: url.searchParams,
    headers: request.headers,
    body: undefined,
  };
  recorded.push(entry);
  const bodyRead = readBody(request.clone()).then((body) => {
    entry.body = body;
  });
  inFlight.set(requestId, { entry, bodyRead });
}

/** The record of a request a handler answers, with its body read and its path parameters. */
async function recordOf(requestId: string, params: Record<string, unknown>) {
  const flight = inFlight.get(requestId);
  if (!flight) throw new Error('A request reached the mock API without being recorded');
  inFlight.delete(requestId);
  await flight.bodyRead;
  flight.entry.params = Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, String(value)]),
  );
  return flight.entry;
}

/** A route's handler as the server calls it, once its types were checked where it was written. */
type Reply = { status?: number; body?: unknown; headers?: ReplyHeaders };
type Handler = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

function toResponse({ status = 200, body, headers }: Reply) {
  return new HttpResponse(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Any request no test routed: 404, as the server answers an unknown path. */
const unmocked = http.all('*', async ({ requestId, params }) => {
  const { method, path } = await recordOf(requestId, params);
  return toResponse({ status: 404, body: { message: `No mock for ${method} ${path}` } });
});

// One server per worker: with `isolate: false` the setup file runs again for every test file,
// and a second server would wrap fetch a second time.
const shared = globalThis as { mockApiServer?: SetupServer };

/** Starts intercepting fetch (once per worker); unrouted requests answer 404. */
export function startMockServer() {
  if (shared.mockApiServer) return;
  const server = setupServer(unmocked);
  server.events.on('request:start', record);
  // The catch-all above answers every request; one that reaches the network is a mistake.
  server.listen({ onUnhandledRequest: 'error' });
  shared.mockApiServer = server;
}

function server(): SetupServer {
  if (!shared.mockApiServer) throw new Error('The mock API is not started (testing/setup.ts)');
  return shared.mockApiServer;
}

/** Forgets the test's routes; the next test starts with an API that answers nothing. */
export function resetMockApi() {
  server().resetHandlers();
  recorded = [];
}

const segments = (key: string) => key.split(' ')[1]!.split('/');

/**
 * A literal path before one with a parameter in its place (`/pins/nearby` before `/pins/:id`),
 * as the server would never send `nearby` to the route of an id.
 */
function bySpecificity(a: string, b: string) {
  const [left, right] = [segments(a), segments(b)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const leftParam = left[index]!.startsWith(':');
    const rightParam = right[index]!.startsWith(':');
    if (leftParam !== rightParam) return leftParam ? 1 : -1;
  }
  return 0;
}

/**
 * Answers the API from `routes` (replacing any earlier routes of the test); unrouted calls
 * answer 404. Returns the recorded requests so a test can assert what was (or was not) sent.
 */
export function mockApi(routes: MockRoutes) {
  recorded = [];
  const requests = recorded;
  // Each handler was checked against its route's contract where the routes were written; here
  // they are all called alike, with the request as recorded.
  const entries = Object.entries(routes) as Array<[RouteKey, Handler]>;
  const handlers: HttpHandler[] = entries
    .sort(([a], [b]) => bySpecificity(a, b))
    .map(([key, handler]) => {
      const [method, path] = key.split(' ') as [Uppercase<HttpMethod>, string];
      return http[method.toLowerCase() as HttpMethod](path, async ({ requestId, params }) => {
        const entry = await recordOf(requestId, params);
        return toResponse(typeof handler === 'function' ? await handler(entry) : handler);
      });
    });
  server().resetHandlers();
  server().use(...handlers);

  return {
    requests,
    requestsTo: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
  };
}
