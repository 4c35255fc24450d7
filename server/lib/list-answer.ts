import { type Request, type Response } from 'express';
import { type JsonText, sendJsonText } from './json-text';

/** One page of a list as a service returns it: the rows and the facts a pager needs. */
export type Page<Item> = { items: Item[]; page: number; limit: number; total: number };

/**
 * A link to the same list with some query parameters changed: a path-absolute reference
 * (`/api/…?…`) that keeps every other parameter the caller sent, so that following it asks for
 * the same filtered list.
 */
function linkTo(request: Request, changes: Record<string, string>): string {
  const url = new URL(request.originalUrl, 'http://localhost');
  for (const [name, value] of Object.entries(changes)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}

function setLinks(response: Response, links: Record<'next' | 'prev', string | null>): void {
  const parts = Object.entries(links)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([relation, target]) => `<${target}>; rel="${relation}"`);
  if (parts.length > 0) response.set('Link', parts.join(', '));
}

function sendItems(response: Response, items: unknown[] | JsonText<unknown[]>): void {
  if (typeof items === 'string') sendJsonText(response, items);
  else response.json(items);
}

/**
 * A list answers a JSON array, as every client reads it; the page facts travel in headers, the
 * convention of GitHub's REST API: `X-Total-Count` and an RFC 8288 `Link` header with
 * `rel="next"` and `rel="prev"`.
 */
export function sendPage<Item>(
  request: Request,
  response: Response,
  { items, page, limit, total }: Page<Item>,
): void {
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const at = (target: number) => linkTo(request, { page: String(target), limit: String(limit) });
  response.set('X-Total-Count', String(total));
  setLinks(response, {
    prev: page > 1 ? at(Math.min(page - 1, pageCount)) : null,
    next: page < pageCount ? at(page + 1) : null,
  });
  sendItems(response, items);
}

/**
 * A list paged by a cursor (the feed, a conversation): no total is known, and the `next` link
 * carries the cursor of the page that follows; the last page has none.
 */
export function sendCursorPage(
  request: Request,
  response: Response,
  {
    items,
    nextCursor,
    limit,
  }: { items: unknown[] | JsonText<unknown[]>; nextCursor: string | null; limit: number },
): void {
  setLinks(response, {
    prev: null,
    next: nextCursor ? linkTo(request, { cursor: nextCursor, limit: String(limit) }) : null,
  });
  sendItems(response, items);
}
