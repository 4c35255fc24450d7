import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_LIMITS } from '@shared/constants';
import { businessInput, registerAs } from '../testing/factories';
import { signedInConsumer } from '../testing/gift-cards';
import { pageLinks } from '../testing/page-headers';
import { cardToken } from '../testing/payments';
import { createTestContext, type TestContext } from '../testing/test-app';

/**
 * Lists answer a JSON array; the page facts travel in headers: `X-Total-Count` and an RFC 8288
 * `Link` header whose `next` and `prev` targets are path-absolute and keep the request's other
 * query parameters. Each paged list here holds 25 items of its own, three pages of 10.
 */

type Agent = ReturnType<TestContext['agent']>;
type Response = Awaited<ReturnType<Agent['get']>>;

const PAGE = 10;
const SEEDED = 25;

/** The ids of a list's items, once the answer proved to be a JSON array. */
function idsOf(response: Response): number[] {
  const body: unknown = response.body;
  const path = response.request.url.replace(/^https?:\/\/[^/]+/, '');
  const shape =
    typeof body === 'object' && body !== null
      ? `an object with ${Object.keys(body).join(', ')}`
      : JSON.stringify(body);
  expect(Array.isArray(body), `${path} answers ${shape}, not an array`).toBe(true);
  return (body as Array<{ id: number }>).map(({ id }) => id);
}

/** The query of a path-absolute reference as a plain object (each parameter once). */
function queryOf(target: string): Record<string, string> {
  return Object.fromEntries(new URL(target, 'http://localhost').searchParams);
}

type PagedList = {
  name: string;
  path: string;
  /** The query parameters besides the page, which every link must keep. */
  filters: Record<string, string>;
  /** Its size when the request names none. */
  defaultSize: number;
  agent: () => Agent;
};

let context: TestContext;
let consumer: Awaited<ReturnType<typeof signedInConsumer>>;
let business: Agent;

const LISTS: PagedList[] = [
  {
    name: "a consumer's wallet gift cards",
    path: '/api/gift-cards/consumer/wallet',
    filters: {},
    defaultSize: 20,
    agent: () => consumer.agent,
  },
  {
    name: "a business's leads",
    path: '/api/business/leads',
    // Two more leads each miss one filter: a link that dropped either would show one of them.
    filters: { search: 'Customer', status: 'New' },
    defaultSize: 10,
    agent: () => business,
  },
  {
    name: "a consumer's notifications",
    path: '/api/consumer/notifications',
    // The welcome notification is read: a link that dropped the filter would show it.
    filters: { filter: 'unread' },
    defaultSize: 20,
    agent: () => consumer.agent,
  },
];

beforeAll(async () => {
  context = await createTestContext();

  // Each guest gift gives the consumer a card in the wallet and a notification.
  consumer = await signedInConsumer(context, { name: 'Paige Headers' });
  // The welcome notification is read before the gifts arrive, which are not.
  await consumer.agent.post('/api/notifications/read-all').expect(200);
  const guest = context.agent();
  for (let index = 0; index < SEEDED; index++) {
    await guest
      .post('/api/gift-cards/guest')
      .send({
        recipientUsername: consumer.user.username,
        brand: 'starbucks',
        value: 5 + index,
        senderEmail: `sender${index}@example.com`,
        // A card token pays once: each gift is paid with a card entered anew.
        paymentToken: await cardToken(context),
      })
      .expect(201);
  }
  business = context.agent();
  await registerAs(business, businessInput());
  for (let index = 1; index <= SEEDED; index++) {
    await business
      .post('/api/business/leads')
      .send({ name: `Customer ${String(index).padStart(2, '0')}` })
      .expect(201);
  }
  await business
    .post('/api/business/leads')
    .send({ name: 'Customer Contacted', status: 'Contacted' })
    .expect(201);
  await business.post('/api/business/leads').send({ name: 'Walk-in' }).expect(201);
});

afterAll(async () => {
  await context.close();
});

describe.each(LISTS)('$name ($path)', (list) => {
  const request = (query: Record<string, string | number>) =>
    list.agent().get(list.path).query(query);
  const pageQuery = (page: number, size = PAGE) => ({
    ...list.filters,
    page: String(page),
    limit: String(size),
  });

  /** Checks that a link is path-absolute, to this list, with only the page changed. */
  function expectLinkTo(target: string | null, page: number) {
    expect(target, `a link to page ${page}`).not.toBeNull();
    expect(target).toMatch(/^\/api\//);
    expect(new URL(target!, 'http://localhost').pathname).toBe(list.path);
    expect(queryOf(target!)).toEqual(pageQuery(page));
  }

  /** The whole list, in its order, from one page that holds it. */
  async function wholeList() {
    const response = await request({ ...list.filters, limit: 100 });
    expect(response.status).toBe(200);
    return idsOf(response);
  }

  it('answers the total in X-Total-Count and links next, prev or both on the first, a middle and the last page', async () => {
    const all = await wholeList();
    expect(all).toHaveLength(SEEDED);

    const first = await request(pageQuery(1));
    expect(first.status).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(SEEDED));
    expect(idsOf(first)).toEqual(all.slice(0, PAGE));
    const firstLinks = pageLinks(first);
    expectLinkTo(firstLinks.next, 2);
    expect(firstLinks.prev).toBeNull();

    const middle = await request(pageQuery(2));
    expect(middle.headers['x-total-count']).toBe(String(SEEDED));
    expect(idsOf(middle)).toEqual(all.slice(PAGE, 2 * PAGE));
    const middleLinks = pageLinks(middle);
    expectLinkTo(middleLinks.prev, 1);
    expectLinkTo(middleLinks.next, 3);

    const last = await request(pageQuery(3));
    expect(last.headers['x-total-count']).toBe(String(SEEDED));
    expect(idsOf(last)).toEqual(all.slice(2 * PAGE));
    const lastLinks = pageLinks(last);
    expectLinkTo(lastLinks.prev, 2);
    expect(lastLinks.next).toBeNull();
  });

  it('walks every item exactly once by following the next links, and back by the prev links', async () => {
    const all = await wholeList();
    const forward: number[][] = [];
    let target: string | null = `${list.path}?${new URLSearchParams(pageQuery(1))}`;
    let lastPage: Response | undefined;
    while (target) {
      expect(forward.length, 'the next links end').toBeLessThan(SEEDED);
      lastPage = await list.agent().get(target);
      expect(lastPage.status).toBe(200);
      expect(lastPage.headers['x-total-count']).toBe(String(SEEDED));
      forward.push(idsOf(lastPage));
      target = pageLinks(lastPage).next;
    }
    expect(forward.map((ids) => ids.length)).toEqual([PAGE, PAGE, SEEDED - 2 * PAGE]);
    expect(forward.flat()).toEqual(all);
    expect(new Set(forward.flat()).size).toBe(SEEDED);

    const backward: number[][] = [];
    let back = pageLinks(lastPage!).prev;
    while (back) {
      expect(backward.length, 'the prev links end').toBeLessThan(SEEDED);
      const page = await list.agent().get(back);
      expect(page.status).toBe(200);
      backward.push(idsOf(page));
      back = pageLinks(page).prev;
    }
    expect(backward).toEqual(forward.slice(0, -1).reverse());
  });

  it('called with no parameters answers its first page', async () => {
    const all = await wholeList();
    const response = await list.agent().get(list.path);
    expect(response.status).toBe(200);
    const total = Number(response.headers['x-total-count']);
    // Without the filters the list may hold more than the seeded items.
    expect(total).toBeGreaterThanOrEqual(SEEDED);
    const ids = idsOf(response);
    expect(ids).toHaveLength(Math.min(list.defaultSize, total));
    if (Object.keys(list.filters).length === 0) expect(ids).toEqual(all.slice(0, list.defaultSize));
    const links = pageLinks(response);
    expect(links.prev).toBeNull();
    expect(links.next).toMatch(new RegExp(`^${list.path}\\?`));
    expect(queryOf(links.next!).page).toBe('2');
    const second = await list.agent().get(links.next!);
    expect(second.status).toBe(200);
    expect(idsOf(second).some((id) => ids.includes(id))).toBe(false);
  });

  it('answers no Link header when one page holds the whole list', async () => {
    const response = await request({ ...list.filters, limit: 100 });
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(SEEDED));
    expect(response.headers.link).toBeUndefined();
  });

  it('answers 400 for a page size over 100', async () => {
    const response = await request({ limit: 101 });
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('the feed (/api/posts), paged by a cursor', () => {
  let author: { agent: Agent };
  let reader: { agent: Agent };
  /** The feed's posts, oldest first. */
  const older: number[] = [];

  beforeAll(async () => {
    author = await signedInConsumer(context, { name: 'Ada Author' });
    reader = await signedInConsumer(context, { name: 'Rex Reader' });
    for (let index = 0; index < SEEDED; index++) {
      const created = await author.agent.post('/api/posts').send({ content: `Post ${index}` });
      expect(created.status).toBe(201);
      older.push(created.body.id);
    }
  });

  it('walks every post exactly once by its next links, while new posts keep arriving', async () => {
    const newer: number[] = [];
    const pages: number[][] = [];
    let target: string | null = `/api/posts?limit=${PAGE}`;
    while (target) {
      expect(pages.length, 'the next links end').toBeLessThan(SEEDED);
      const page = await reader.agent.get(target);
      expect(page.status).toBe(200);
      pages.push(idsOf(page));
      expect(page.headers['x-total-count']).toBeUndefined();
      const links = pageLinks(page);
      expect(links.prev).toBeNull();
      target = links.next;
      if (target) {
        expect(target).toMatch(/^\/api\/posts\?/);
        expect(queryOf(target)).toEqual({ limit: String(PAGE), cursor: expect.any(String) });
      }
      // Someone posts between two page fetches.
      const created = await author.agent
        .post('/api/posts')
        .send({ content: `New ${pages.length}` })
        .expect(201);
      newer.push(created.body.id);
    }
    expect(pages.map((ids) => ids.length)).toEqual([PAGE, PAGE, SEEDED - 2 * PAGE]);
    // Newest first: the posts there were when the walk began, each once, none missing.
    expect(pages.flat()).toEqual([...older].reverse());

    // A new walk begins with the new posts, then the older ones.
    const again = await reader.agent.get(`/api/posts?limit=${PAGE}`);
    expect(idsOf(again)).toEqual(
      [...newer]
        .reverse()
        .concat([...older].reverse())
        .slice(0, PAGE),
    );
  });

  it('called with no parameters answers its first page, newest first, with a next link', async () => {
    const response = await reader.agent.get('/api/posts');
    expect(response.status).toBe(200);
    const ids = idsOf(response);
    const firstPage = await reader.agent.get(`/api/posts?limit=${POST_LIMITS.pageSizeDefault}`);
    expect(ids).toEqual(idsOf(firstPage));
    expect(ids).toHaveLength(POST_LIMITS.pageSizeDefault);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = pageLinks(response).next;
    expect(next).toMatch(/^\/api\/posts\?/);
    const second = await reader.agent.get(next!);
    expect(second.status).toBe(200);
    expect(idsOf(second).some((id) => ids.includes(id))).toBe(false);
    expect(Math.max(...idsOf(second))).toBeLessThan(Math.min(...ids));
  });

  it('answers 400 for a limit over 100', async () => {
    const response = await reader.agent.get('/api/posts?limit=101');
    expect(response.status).toBe(400);
  });
});
