import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorCode } from '@shared/api';
import {
  type AnyContract,
  type ContractAnswer,
  type ContractInput,
  type ContractItem,
  pathOf,
} from '@shared/contract';

/** The only place that knows where the API lives. */
const API_BASE = '/api';

const NETWORK_ERROR_MESSAGE = 'Unable to reach the server. Check your connection and try again.';

/**
 * Every failed call becomes an ApiError: `status` is the HTTP status (0 when the server could not
 * be reached), `message` the server's message, and `errors` its per-field messages.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string>;
  /** What the client must do about it (confirm who you are, turn on two-factor), when it says. */
  readonly code: ApiErrorCode | undefined;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string> = {},
    code?: ApiErrorCode,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.code = code;
  }
}

/**
 * Asks the person to confirm who they are (password or authentication code); resolves true once
 * they did, false when they gave up.
 */
export type StepUpHandler = () => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;

/**
 * Registers what runs when the server asks for a fresh proof of identity before moving money
 * (`code: 'STEP_UP_REQUIRED'`): the request is sent again once, after the person confirmed, so
 * no page handles the step-up itself. Answers the function that unregisters it.
 */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  return () => {
    if (stepUpHandler === handler) stepUpHandler = null;
  };
}

/**
 * A failed read's text: the server's own words when it asks the person to wait (429, e.g. 'Too
 * many searches. Please try again later.'), otherwise the page's own error text.
 */
export function readErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status === 429 && error.message
    ? error.message
    : fallback;
}

/** The message to show for a failure: the error's own message, or the caller's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof Error && error.message) || fallback;
}

type QueryValue = string | number | boolean | null | undefined;
type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export type RequestOptions = {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * `false`: a refusal for an old proof of identity is thrown to the caller, which asks for the
   * proof in its own screen (Use Card asks for the wallet PIN), instead of 'Confirm it's you'.
   */
  stepUpPrompt?: boolean;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(key, String(item));
    }
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const { message, errors, code } = (body ?? {}) as Partial<ApiErrorBody>;
  if (typeof message === 'string' && message) {
    const known = API_ERROR_CODES.find((candidate) => candidate === code);
    return new ApiError(response.status, message, errors ?? {}, known);
  }
  // Without a JSON message (a proxy's error page), a server failure reads as its status text.
  return new ApiError(response.status, response.status >= 500 ? response.statusText : '');
}

/**
 * One page of a list. A list answers a JSON array; the page facts come in headers:
 * `X-Total-Count` (null when the server does not count, as on the feed) and an RFC 8288 `Link`
 * header whose `next` and `prev` targets are read as their query parameters, ready to be sent
 * back as `params` (a page number, or the feed's cursor).
 */
export type ListPage<Item> = {
  items: Item[];
  total: number | null;
  next: Record<string, string> | null;
  prev: Record<string, string> | null;
  /** The answer's headers, for a list that says more about itself (the marketplace's scope). */
  headers: Headers;
};

/** The page number of the `next` link, for an infinite query's next page; undefined on the last. */
export function nextPageNumber(page: ListPage<unknown>): number | undefined {
  const next = Number(page.next?.page);
  return Number.isInteger(next) && next > 0 ? next : undefined;
}

/** `Link: </api/x?page=2>; rel="next", …` as the query parameters of each relation. */
export function parseLinkHeader(header: string | null): Record<string, Record<string, string>> {
  const links: Record<string, Record<string, string>> = {};
  for (const match of (header ?? '').matchAll(/<([^>]*)>\s*;\s*rel="?([^";,]+)"?/g)) {
    const [, target = '', relations = ''] = match;
    const params = Object.fromEntries(new URL(target, 'http://localhost').searchParams);
    for (const relation of relations.trim().split(/\s+/)) links[relation] = params;
  }
  return links;
}

function toListPage<Item>(response: Response, data: unknown): ListPage<Item> {
  const links = parseLinkHeader(response.headers.get('Link'));
  const total = response.headers.get('X-Total-Count');
  return {
    items: Array.isArray(data) ? (data as Item[]) : [],
    total: total === null ? null : Number(total),
    next: links.next ?? null,
    prev: links.prev ?? null,
    headers: response.headers,
  };
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<{ response: Response; data: unknown }> {
  try {
    return await sendOnce(method, path, body, options);
  } catch (error) {
    // Refused before anything happened, for an old proof of identity: confirm, then once more.
    if (
      error instanceof ApiError &&
      error.code === 'STEP_UP_REQUIRED' &&
      options.stepUpPrompt !== false &&
      stepUpHandler &&
      (await stepUpHandler())
    ) {
      return sendOnce(method, path, body, options);
    }
    throw error;
  }
}

async function sendOnce(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<{ response: Response; data: unknown }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // A form (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const data = parseJson(await response.text());
  if (!response.ok) throw toApiError(response, data);
  return { response, data };
}

/** What a call answers: a list's page (its items and the page facts), or the JSON value. */
export type CallAnswer<C extends AnyContract> = C['answer']['kind'] extends 'page' | 'cursor'
  ? ListPage<ContractItem<C>>
  : ContractAnswer<C>;

/** A call's arguments: the input may be left out when the contract needs none. */
export type CallArguments<C extends AnyContract> =
  object extends ContractInput<C>
    ? [input?: ContractInput<C>, options?: RequestOptions]
    : [input: ContractInput<C>, options?: RequestOptions];

/**
 * Calls an endpoint through its contract (shared/contracts): the path is built from the
 * contract and its params, the query and body are the contract's input types and the answer is
 * the contract's answer type, so a contract change that breaks a caller fails the typecheck.
 */
export async function call<C extends AnyContract>(
  contract: C,
  ...[input, options = {}]: CallArguments<C>
): Promise<CallAnswer<C>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  };
  const method = contract.method.toUpperCase() as Method;
  const path = pathOf(contract, params);
  const sent = { ...options, params: { ...options.params, ...query } };
  const hasBody = method !== 'GET' && method !== 'DELETE';
  const { response, data } = await send(method, path, hasBody ? (body ?? {}) : body, sent);
  const { kind } = contract.answer;
  return (
    kind === 'page' || kind === 'cursor' ? toListPage(response, data) : data
  ) as CallAnswer<C>;
}

/** A multipart upload (a file under the field `file`) through its contract. */
export async function upload<C extends AnyContract>(
  contract: C,
  form: FormData,
  options?: RequestOptions,
): Promise<ContractAnswer<C>> {
  const { data } = await send('POST', pathOf(contract), form, options ?? {});
  return data as ContractAnswer<C>;
}

/**
 * The address of an answer the browser fetches by itself (an image, a CSV download, an event
 * stream): the contract's path and query, under the API's base.
 */
export function urlOf<C extends AnyContract>(contract: C, input?: ContractInput<C>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
  };
  return buildUrl(pathOf(contract, params), query);
}
