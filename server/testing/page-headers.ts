/**
 * The page facts a list answers in headers (server/lib/list-answer.ts): `X-Total-Count` and the
 * `next` and `prev` targets of an RFC 8288 `Link` header. For tests that page through a list.
 */

/** A list's answer as supertest (or the stress tests' client) gives it: headers by lower-case name. */
type Answer = { headers: Record<string, unknown> };

/** The `X-Total-Count` header as a number; undefined when the answer has none. */
export function totalCount(answer: Answer): number | undefined {
  const header = answer.headers['x-total-count'];
  return typeof header === 'string' ? Number(header) : undefined;
}

/** The `next` and `prev` targets of the `Link` header (null when it has no such link). */
export function pageLinks(answer: Answer): { next: string | null; prev: string | null } {
  const links: { next: string | null; prev: string | null } = { next: null, prev: null };
  const header = answer.headers['link'];
  if (typeof header !== 'string') return links;
  for (const [, target, parameters] of header.matchAll(/<([^>]*)>([^,]*)/g)) {
    const relation = /;\s*rel="?([^";]+)"?/.exec(parameters ?? '')?.[1];
    for (const name of relation?.split(/\s+/) ?? []) {
      if (name === 'next' || name === 'prev') links[name] = target ?? null;
    }
  }
  return links;
}

/** The `cursor` of the `next` link (the feed's next page); null on the last page. */
export function nextCursor(answer: Answer): string | null {
  const { next } = pageLinks(answer);
  return next === null ? null : new URL(next, 'http://localhost').searchParams.get('cursor');
}
