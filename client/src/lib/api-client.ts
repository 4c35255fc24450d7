import { type ApiErrorBody } from '@shared/api';

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

  constructor(status: number, message: string, errors: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
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

type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  params?: QueryParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
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
  const { message, errors } = (body ?? {}) as Partial<ApiErrorBody>;
  if (typeof message === 'string' && message) {
    return new ApiError(response.status, message, errors ?? {});
  }
  // Without a JSON message (a proxy's error page), a server failure reads as its status text.
  return new ApiError(response.status, response.status >= 500 ? response.statusText : '');
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
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
  return data as T;
}

/** The one fetch wrapper: JSON in and out, credentials included, failures as ApiError. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>('DELETE', path, undefined, options),
  /** multipart/form-data, e.g. a file under the field 'file'. */
  upload: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', path, form, options),
};
