import http from 'node:http';

/**
 * What became of one request, from the client's side.
 *
 * Every request is sent with `Expect: 100-continue`, so the server's own HTTP layer says when
 * it took the request: it writes `100 Continue` as it hands the parsed request to the app. A
 * request is therefore `accepted` once that (or an answer) arrived, and a connection error
 * before it means the server never took the request (nothing listens any more, or it closed an
 * idle keep-alive connection as the request was on its way): `refused`, which a client may
 * retry. An accepted request that gets no complete answer is `failed`.
 */
export type Outcome = {
  label: string;
  /** Which client sent it (the caller's numbering). */
  clientId?: number;
  method: string;
  path: string;
  /** performance.now() when the request was sent and when its fate was known. */
  startedAt: number;
  endedAt: number;
  kind: 'answered' | 'refused' | 'failed';
  accepted: boolean;
  status?: number;
  body?: string;
  headers?: http.IncomingHttpHeaders;
  /** The error of a refused or failed request. */
  error?: string;
};

const REFUSALS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

export type RequestSpec = {
  label: string;
  clientId?: number;
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  body?: unknown;
};

/** Sends one request on `agent` (keep-alive or not); never rejects. */
export function send(
  baseUrl: string,
  agent: http.Agent,
  spec: RequestSpec,
  timeoutMs = 15_000,
): Promise<Outcome> {
  const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);
  const startedAt = performance.now();
  return new Promise((resolve) => {
    let accepted = false;
    let settled = false;
    const settle = (
      outcome: Omit<Outcome, 'label' | 'clientId' | 'method' | 'path' | 'startedAt'>,
    ) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const { label, clientId, method, path } = spec;
      resolve({
        label,
        ...(clientId === undefined ? {} : { clientId }),
        method,
        path,
        startedAt,
        ...outcome,
      });
    };
    const request = http.request(new URL(spec.path, baseUrl), {
      method: spec.method,
      agent,
      headers: {
        Expect: '100-continue',
        ...(spec.cookie ? { Cookie: spec.cookie } : {}),
        ...(payload === undefined
          ? {}
          : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
      },
    });
    // A request that hangs is a failure of its own kind: the client gives up on it.
    const timer = setTimeout(() => request.destroy(new Error('no answer in time')), timeoutMs);
    request.on('continue', () => (accepted = true));
    request.on('response', (response) => {
      accepted = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        settle({
          kind: 'answered',
          accepted,
          status: response.statusCode ?? 0,
          body,
          headers: response.headers,
          endedAt: performance.now(),
        }),
      );
      response.on('error', (error) =>
        settle({ kind: 'failed', accepted, error: String(error), endedAt: performance.now() }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = !accepted && error.code !== undefined && REFUSALS.has(error.code);
      settle({
        kind: refused ? 'refused' : 'failed',
        accepted,
        error: `${error.code ?? ''} ${error.message}`.trim(),
        endedAt: performance.now(),
      });
    });
    request.end(payload);
  });
}

/** Signs in through the API; answers the session cookie (`markit.sid=…`). */
export async function signIn(baseUrl: string, identifier: string, password: string) {
  const response = await fetch(new URL('/api/login', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return sessionCookie(response);
}

/** The session cookie a sign-in or registration answer set. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('markit.sid='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie;
}
