import type request from 'supertest';
import { expect } from 'vitest';

/** Sends `count` requests at once (all started before any is answered) and answers them all. */
export function atOnce(
  count: number,
  send: (index: number) => PromiseLike<request.Response>,
): Promise<request.Response[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

/** How many answers had each status, e.g. `{ 401: 10, 429: 30 }`. */
export function statusCounts(responses: request.Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/**
 * Every 429 among the answers says `message` and when to retry: a Retry-After of at least one
 * second and no more than the window.
 */
export function expectRefusalsSay(
  responses: request.Response[],
  message: string,
  windowSeconds: number,
): void {
  for (const response of responses.filter((answer) => answer.status === 429)) {
    expect(response.body.message).toBe(message);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  }
}
