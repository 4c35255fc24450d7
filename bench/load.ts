import autocannon from 'autocannon';

/** One line of the benchmark: what is asked, by whom, and what counts as a good answer. */
export type Endpoint = {
  name: string;
  /** Reads must meet the targets: p99 ≤ 50 ms, ≥ 35% of the baseline's requests/s. */
  kind: 'read' | 'write' | 'baseline';
  method?: 'GET' | 'POST';
  /** Called for every request: the path (with its query) to ask. */
  path: () => string;
  /** Called for every request: the session cookie to send, if any. */
  cookie?: () => string;
  /** Called for every request: a JSON body. */
  body?: () => unknown;
  /** Statuses that are the expected answer (default: 2xx). */
  expected?: number[];
  /** A fixed number of requests instead of a duration (the contention run). */
  amount?: number;
};

export type LoadResult = {
  name: string;
  kind: Endpoint['kind'];
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers other than the expected ones, socket errors and timeouts. */
  errors: number;
  statusCounts: Record<string, number>;
};

export type LoadOptions = { baseUrl: string; connections: number; durationSeconds: number };

/**
 * One autocannon run, with the time from its start to its last answer: with a fixed number of
 * requests autocannon only notices it is done at its next one-second tick, so its own duration is
 * rounded up to whole seconds (1,000 claims in 3.2 s would read as 250 a second, not 312).
 */
async function runOnce(
  endpoint: Endpoint,
  options: LoadOptions,
  durationSeconds: number,
): Promise<{ result: autocannon.Result; answeringSeconds: number }> {
  const method = endpoint.method ?? 'GET';
  const request: autocannon.Request = {
    method,
    path: '/',
    setupRequest: (current) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      const cookie = endpoint.cookie?.();
      if (cookie) headers.cookie = cookie;
      const next: autocannon.Request = { ...current, method, path: endpoint.path(), headers };
      if (endpoint.body) {
        headers['content-type'] = 'application/json';
        next.body = JSON.stringify(endpoint.body());
      }
      return next;
    },
  };
  const startedAt = performance.now();
  let answeredAt = startedAt;
  // Without a callback autocannon answers its run: an event emitter that is also a promise.
  const run = autocannon({
    url: options.baseUrl,
    connections: Math.min(options.connections, endpoint.amount ?? Infinity),
    ...(endpoint.amount ? { amount: endpoint.amount } : { duration: durationSeconds }),
    requests: [request],
    timeout: 10,
  }) as Promise<autocannon.Result> & autocannon.Instance;
  run.on('response', () => {
    answeredAt = performance.now();
  });
  const result = await run;
  return { result, answeringSeconds: (answeredAt - startedAt) / 1000 };
}

/** A short warm-up (JIT, pool, caches), then the measured run. */
export async function measure(endpoint: Endpoint, options: LoadOptions): Promise<LoadResult> {
  if (!endpoint.amount) await runOnce(endpoint, options, 2);
  const { result, answeringSeconds } = await runOnce(endpoint, options, options.durationSeconds);
  const expected = new Set(endpoint.expected ?? []);
  const statusCounts: Record<string, number> = {};
  let unexpected = 0;
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    const count = (stats as { count: number }).count;
    statusCounts[status] = count;
    const code = Number(status);
    const good = expected.size > 0 ? expected.has(code) : code >= 200 && code < 300;
    if (!good) unexpected += count;
  }
  const requests = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
  return {
    name: endpoint.name,
    kind: endpoint.kind,
    requests,
    requestsPerSecond: endpoint.amount
      ? requests / Math.max(answeringSeconds, 0.001)
      : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: unexpected + result.errors + result.timeouts,
    statusCounts,
  };
}
