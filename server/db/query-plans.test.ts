import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_LIMITS } from '@shared/constants';
import {
  BENCH_PASSWORD,
  benchBusinessUsername,
  benchConsumerUsername,
  seedBenchData,
} from '../../bench/seed';
import { COMMIT_AND_BEGIN } from './execute-and-commit';
import { queryRows } from './query-rows';
import { countUnread, listNotifications } from '../services/notifications/list-notifications';
import { getLeaderboard, getLeaderboardStanding } from '../services/gift-cards/leaderboard';
import { listConsumerGiftCards } from '../services/gift-cards/list-consumer-gift-cards';
import { listMarketplace, listMarketplaceBrands } from '../services/gift-cards/list-marketplace';
import { listLeads } from '../services/leads/leads';
import { listFeed } from '../services/posts/list-feed';
import { suggestFriends } from '../services/friends/suggest-friends';
import { getWallet } from '../services/wallet/get-wallet';
import { listWalletTransactions } from '../services/wallet/wallet-transactions';
import { getActivityChart } from '../services/charts/activity-chart';
import { getGiftsChart } from '../services/charts/gifts-chart';
import { getTopStoresChart } from '../services/charts/top-stores-chart';
import { getValueChart } from '../services/charts/value-chart';
import { getCardHistory } from '../services/gift-cards/get-card-history';
import { countUnreadMessages, listConversations } from '../services/messages/list-conversations';
import { listConversationMessages } from '../services/messages/message-view';
import { listBusinessPins } from '../services/pins/list-business-pins';
import { businessOffersBrand, listBusinessStores } from '../services/redemptions/business-brands';
import { findRedeemableAtCounter } from '../services/redemptions/code-card';
import { AppError } from '../lib/errors';
import { EXPIRY_BATCH_SIZE, expireGiftCards } from '../services/gift-cards/expire-gift-cards';
import { listSavedCards } from '../services/payments/saved-cards';
import { findUserByUsername } from '../services/profiles/find-user-by-username';
import { getProfileSettings } from '../services/settings/get-profile-settings';
import { consumeRateLimit } from '../services/rate-limit/rate-limit';
import { nextCursor } from '../testing/page-headers';
import { createTestContext, type TestContext } from '../testing/test-app';
import { createDatabase } from './client';

/** A plan may read a table from start to end only while it is this small. */
const SEQUENTIAL_SCAN_LIMIT = 10_000;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Order By'?: string;
  Plans?: PlanNode[];
};

function sequentialScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) sequentialScans(child, found);
  return found;
}

// The statements the services send while the benchmark's endpoints are asked, with their parameters.
const statements = new Map<string, unknown[]>();
let recording = false;
// Told every statement while set (one use of the marketplace or the claim at a time).
let watcher: ((text: string, params: unknown[]) => void) | null = null;
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext({
    withStores: true,
    onQuery: (sent, params) => {
      // A transaction's last statement may travel with its COMMIT (executeAndCommit, on a
      // server): its plan is the statement's.
      const text = sent.endsWith(COMMIT_AND_BEGIN) ? sent.slice(0, -COMMIT_AND_BEGIN.length) : sent;
      if (recording && !statements.has(text)) statements.set(text, params);
      watcher?.(text, params);
    },
  });
  await seedBenchData((text) => context.database.query(text), 'plan');
}, 600_000);

afterAll(async () => {
  await context?.close();
});

async function signedIn(username: string) {
  const agent = context.agent();
  const response = await agent
    .post('/api/login')
    .send({ identifier: username, password: BENCH_PASSWORD });
  expect(response.status).toBe(200);
  return agent;
}

describe('query plans over a mid-size database', () => {
  it('the seeded tables are big enough for the check to mean something', async () => {
    for (const table of [
      'users',
      'gift_cards',
      'posts',
      'post_likes',
      'notifications',
      'leads',
      'gift_card_activities',
      'messages',
      'conversation_participants',
    ]) {
      const [row] = await context.database.query<{ count: string | number }>(
        `select count(*) as count from ${table}`,
      );
      expect(Number(row?.count), table).toBeGreaterThan(SEQUENTIAL_SCAN_LIMIT);
    }
  });

  it('no hot query scans a table of more than 10,000 rows sequentially', async () => {
    const consumer = await signedIn(benchConsumerUsername(1));
    const business = await signedIn(benchBusinessUsername(1));
    const [pin] = await context.database.query<{ id: number; lat: number; lng: number }>(
      `select id, lat, lng from pins where status = 'active' and remaining > 0
         and expires_at > now() order by id limit 1`,
    );
    const [store] = await context.database.query<{ state: string; city: string }>(
      `select state, city from stores where brand_id = 'starbucks' order by id limit 1`,
    );
    expect(pin && store).toBeTruthy();

    recording = true;
    const feed = await consumer.get('/api/posts?limit=20');
    const feedCursor = nextCursor(feed);
    expect(feedCursor).toEqual(expect.any(String));
    const consumerReads = [
      `/api/gift-cards/marketplace?lat=${pin!.lat}&lng=${pin!.lng}&page=1&limit=12`,
      `/api/gift-cards/marketplace/brands?lat=${pin!.lat}&lng=${pin!.lng}`,
      '/api/gift-cards/marketplace/brands',
      '/api/posts?limit=20',
      `/api/posts?limit=20&cursor=${encodeURIComponent(feedCursor!)}`,
      '/api/gift-cards/leaderboard?period=month&limit=10',
      '/api/gift-cards/leaderboard?period=all&limit=10',
      '/api/gift-cards/leaderboard/me?period=month',
      '/api/gift-cards/leaderboard/me?period=all',
      '/api/gift-cards/consumer/wallet?page=1&limit=10',
      '/api/wallet/transactions?page=1&limit=10',
      '/api/consumer/notifications?filter=all&page=1&limit=20',
      '/api/wallet/charts/gifts',
      '/api/consumer/notifications?filter=unread&page=1&limit=20',
      '/api/notifications/unread-count',
      '/api/friends/suggested?limit=6',
      '/api/friends',
      `/api/user/profile/${benchConsumerUsername(2)}`,
      `/api/user/qr-code/${benchConsumerUsername(2)}`,
    ];
    for (const path of consumerReads) {
      const response = await consumer.get(path);
      expect(response.status, path).toBe(200);
    }
    // The reads of accounts, payments, messages and a card's history, by a consumer who has a
    // conversation and a card with a past.
    const [talker] = await context.database.query<{ username: string; other: string }>(
      `select me.username, other.username as other
         from conversation_participants cp
         join users me on me.id = cp.user_id join users other on other.id = cp.other_user_id
        where me.type = 'consumer' order by cp.last_activity_at desc limit 1`,
    );
    const [spent] = await context.database.query<{ username: string; cardId: number }>(
      `select owner.username, g.id as "cardId" from gift_cards g join users owner on owner.id = g.owner_id
        where exists (select 1 from gift_card_activities a where a.gift_card_id = g.id and a.kind <> 'issued')
        order by g.id limit 1`,
    );
    expect(talker && spent).toBeTruthy();
    const talking = await signedIn(talker!.username);
    for (const path of [
      '/api/user/settings',
      '/api/payments/cards',
      '/api/messages?page=1&limit=20',
      '/api/messages/unread-count',
      `/api/messages/${encodeURIComponent(talker!.other)}`,
    ]) {
      const response = await talking.get(path);
      expect(response.status, path).toBe(200);
    }
    const holder = await signedIn(spent!.username);
    const history = await holder.get(`/api/gift-cards/${spent!.cardId}/history?page=1&limit=10`);
    expect(history.status).toBe(200);
    const businessReads = [
      '/api/wallet',
      '/api/business/dashboard',
      '/api/business/charts/activity',
      '/api/business/charts/value',
      '/api/business/charts/top-stores',
      '/api/pins/mine?status=active,paused,exhausted&page=1&limit=10',
      '/api/business/leads?search=a&page=1&limit=10',
      '/api/locations/states?brand=starbucks',
      `/api/locations/cities?brand=starbucks&state=${store!.state}`,
      `/api/locations/stores?brand=starbucks&state=${store!.state}&city=${encodeURIComponent(store!.city)}`,
    ];
    for (const path of businessReads) {
      const response = await business.get(path);
      expect(response.status, path).toBe(200);
    }
    // The counter's lookup of a code a holder of one of this business's cards just made.
    const [held] = await context.database.query<{
      username: string;
      cardId: number;
      business: string;
    }>(
      `select owner.username, g.id as "cardId", issuer.username as business
         from gift_cards g
         join users owner on owner.id = g.owner_id join users issuer on issuer.id = g.business_id
        where g.status = 'active' and g.expires_at > now() + interval '1 hour'
          and owner.type = 'consumer'
        order by g.id limit 1`,
    );
    expect(held).toBeTruthy();
    const cardHolder = await signedIn(held!.username);
    const made = await cardHolder.post(`/api/gift-cards/${held!.cardId}/redemption-code`).send({});
    expect(made.status).toBe(201);
    const counter = await signedIn(held!.business);
    const lookup = await counter.post('/api/redemptions/lookup').send({ code: made.body.code });
    expect(lookup.status).toBe(200);
    const claim = await consumer.post(`/api/pins/${pin!.id}/claim`).send({});
    expect([201, 409]).toContain(claim.status);
    recording = false;

    expect(statements.size).toBeGreaterThan(20);
    const rowCounts = new Map<string, number>();
    const rowsIn = async (table: string) => {
      if (!rowCounts.has(table)) {
        const [row] = await context.database.query<{ count: string | number }>(
          `select count(*) as count from "${table}"`,
        );
        rowCounts.set(table, Number(row?.count ?? 0));
      }
      return rowCounts.get(table) ?? 0;
    };

    const offenders: string[] = [];
    for (const [text, params] of statements) {
      if (!/^\s*(select|with|update|delete|insert)\b/i.test(text)) continue;
      const [result] = await context.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${text}`,
        params,
      );
      const plan = result?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error(`No plan for ${text}`);
      for (const table of sequentialScans(plan)) {
        const rows = await rowsIn(table);
        if (rows > SEQUENTIAL_SCAN_LIMIT) {
          offenders.push(`${table} (${rows} rows) in: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  }, 120_000);

  /**
   * The statement inside a PL/pgSQL function (a Function Scan to the outer plan), explained with
   * the settings the function runs it under and the given values for its names.
   */
  async function functionBodyPlan(name: string, values: Record<string, string>) {
    const [fn] = await context.database.query<{ source: string; settings: string[] | null }>(
      `select prosrc as source, proconfig as settings from pg_proc where proname = $1`,
      [name],
    );
    const body = /RETURN QUERY([\s\S]*?);\s*END/i.exec(fn!.source)?.[1];
    expect(body).toBeTruthy();
    const statement = Object.entries(values).reduce(
      (text, [variable, value]) => text.replace(new RegExp(`\\b${variable}\\b`, 'g'), value),
      body!,
    );
    const settings = fn!.settings ?? [];
    const plan = await context.database.db.transaction(async (tx) => {
      for (const setting of settings) {
        const [key, value] = setting.split('=');
        await tx.execute(sql.raw(`set local ${key} = ${value}`));
      }
      const result = await tx.execute(sql.raw(`explain (format json) ${statement}`));
      const rows = (result as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }).rows;
      return rows[0]!['QUERY PLAN'][0].Plan;
    });
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan);
    return { settings, plan, nodes };
  }

  /** The plan of a statement a service sent, with the values it sent. */
  async function statementPlan(text: string, params: unknown[]) {
    const [result] = await context.database.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${text}`,
      params,
    );
    const plan = result!['QUERY PLAN'][0].Plan;
    const nodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      nodes.push(node);
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan);
    return { plan, nodes };
  }

  /** The statements `run` sends whose text matches `pattern`, with their values. */
  async function sentBy(pattern: RegExp, run: () => Promise<unknown>) {
    const sent: { text: string; params: unknown[] }[] = [];
    watcher = (text, params) => {
      if (pattern.test(text)) sent.push({ text, params });
    };
    try {
      await run();
    } finally {
      watcher = null;
    }
    return sent;
  }

  const indexesOf = (nodes: PlanNode[]) =>
    new Set(nodes.map((node) => node['Index Name']).filter(Boolean));

  /**
   * Every row each node of a statement's plan read from `tables`, kept or filtered out. The plan
   * the app keeps: the statement is prepared, and Postgres keeps one generic plan for it (its
   * page's offset unknown to the plan), so the generic plan is the one run and measured.
   */
  async function rowsReadByGenericPlan<T extends string>(
    statement: { text: string; params: unknown[] },
    tables: T[],
  ): Promise<Record<T, number>> {
    const values = statement.params.map((value) => {
      if (typeof value !== 'number') throw new Error(`unexpected value ${String(value)}`);
      return value;
    });
    const result = await context.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare rows_read_check as ${statement.text}`));
      const [explained] = await queryRows<{
        'QUERY PLAN': [{ Plan: PlanNode & Record<string, unknown> }];
      }>(
        tx,
        sql.raw(`explain (analyze, format json) execute rows_read_check(${values.join(', ')})`),
      );
      await tx.execute(sql`deallocate rows_read_check`);
      return explained;
    });
    const rowsRead = Object.fromEntries(tables.map((table) => [table, 0])) as Record<T, number>;
    const walk = (node: PlanNode & Record<string, unknown>) => {
      const table = node['Relation Name'] as T | undefined;
      if (table && tables.includes(table)) {
        // EXPLAIN gives both counts per loop.
        rowsRead[table] +=
          (Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0)) *
          Number(node['Actual Loops'] ?? 1);
      }
      for (const child of node.Plans ?? []) walk(child as PlanNode & Record<string, unknown>);
    };
    walk(result!['QUERY PLAN'][0].Plan);
    return rowsRead;
  }

  async function bigSequentialScans(nodes: PlanNode[]) {
    const big: string[] = [];
    for (const node of nodes) {
      if (node['Node Type'] !== 'Seq Scan' || !node['Relation Name']) continue;
      const [row] = await context.database.query<{ count: string | number }>(
        `select count(*) as count from "${node['Relation Name']}"`,
      );
      if (Number(row?.count) > SEQUENTIAL_SCAN_LIMIT) big.push(node['Relation Name']);
    }
    return big;
  }

  async function benchConsumer() {
    const [row] = await context.database.query<{ id: number }>(
      'select id from users where username = $1',
      [benchConsumerUsername(1)],
    );
    return row!.id;
  }

  describe('which pins are offered to a consumer is one function, offered_pins, in each use', () => {
    it('the marketplace functions read the offers through it and spell no part of the rule', async () => {
      const functions = await context.database.query<{ name: string; source: string }>(
        `select proname as name, prosrc as source from pg_proc
          where proname in ('marketplace_nearby', 'marketplace_newest') order by proname`,
      );
      expect(functions.map((fn) => fn.name)).toEqual(['marketplace_nearby', 'marketplace_newest']);
      for (const { name, source } of functions) {
        expect(source, name).toMatch(/\boffered_pins\(/);
        expect(source, name).not.toMatch(/remaining|expires_at|claimed_by|status|box\(/);
      }
    });

    it('near a point: one KNN scan of the reach index that stops at the cap', async () => {
      const [pin] = await context.database.query<{ lat: number; lng: number }>(
        `select lat, lng from pins where status = 'active' and remaining > 0
           and expires_at > now() order by id limit 1`,
      );
      const { settings, plan, nodes } = await functionBodyPlan('marketplace_nearby', {
        for_consumer: '1',
        at_lat: `${pin!.lat}::double precision`,
        at_lng: `${pin!.lng}::double precision`,
        only_brand: 'null::text',
        cap: String(GIFT_LIMITS.marketplaceNearestMax),
        my_brands: `'{starbucks}'::text[]`,
        my_identifiers: `'{1}'::integer[]`,
      });
      expect(settings).toEqual(['enable_bitmapscan=off', 'enable_sort=off']);
      expect(plan['Node Type']).toBe('Limit');
      const scan = nodes.find((node) => node['Relation Name'] === 'pins');
      expect(scan).toMatchObject({
        'Node Type': 'Index Scan',
        'Index Name': 'pins_active_reach_nearest_idx',
      });
      expect(scan?.['Order By']).toBeTruthy();
      expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
      expect(await bigSequentialScans(nodes)).toEqual([]);
      expect(indexesOf(nodes)).toEqual(
        new Set([
          'pins_active_reach_nearest_idx',
          'gift_cards_claimant_idx',
          'user_identifiers_user_id_identifier_id_pk',
        ]),
      );
    });

    it('anywhere: a few newest-first index ranges', async () => {
      const { nodes } = await functionBodyPlan('marketplace_newest', {
        for_consumer: '1',
        only_brand: 'null::text',
        cap: String(GIFT_LIMITS.marketplaceNearestMax),
        my_brands: `'{starbucks}'::text[]`,
        my_identifiers: `'{1}'::integer[]`,
        scanned_brands: `'{starbucks}'::text[]`,
      });
      expect(sequentialScans(nodes[0]!)).toEqual([]);
      expect(indexesOf(nodes)).toEqual(
        new Set([
          'pins_active_newest_idx',
          'pins_active_brand_newest_idx',
          'pin_identifiers_identifier_pin_idx',
          'pins_pkey',
          'gift_cards_claimant_idx',
          'user_identifiers_user_id_identifier_id_pk',
        ]),
      );
    });

    it('a search: near a point through the same KNN scan; anywhere, every offer read once', async () => {
      const consumer = await benchConsumer();
      const [pin] = await context.database.query<{ lat: number; lng: number }>(
        `select lat, lng from pins where status = 'active' order by id limit 1`,
      );
      const [near] = await sentBy(/\bmarketplace_nearby\(/, () =>
        listMarketplace(context.database.db, consumer, {
          ...pin!,
          search: 'a',
          page: 1,
          limit: 12,
        }),
      );
      expect(near).toBeDefined();
      const nearPlan = await statementPlan(near!.text, near!.params);
      expect(await bigSequentialScans(nearPlan.nodes)).toEqual([]);
      expect(indexesOf(nearPlan.nodes)).toContain('pins_pkey');

      // Without a location a search looks through every offer (ILIKE '%…%' has no index to
      // use): the offered pins and the stores' text are read whole, each once; the consumer's
      // claims, identifiers and brands, and the page's pins, come from their indexes.
      const [anywhere] = await sentBy(/\boffered_pins\(/, () =>
        listMarketplace(context.database.db, consumer, { search: 'a', page: 1, limit: 12 }),
      );
      expect(anywhere).toBeDefined();
      const anywherePlan = await statementPlan(anywhere!.text, anywhere!.params);
      expect((await bigSequentialScans(anywherePlan.nodes)).sort()).toEqual(['pins', 'stores']);
      const used = indexesOf(anywherePlan.nodes);
      expect(
        [
          'gift_cards_claimant_idx',
          'user_identifiers_user_id_identifier_id_pk',
          'user_brands_user_id_brand_id_pk',
          'pins_pkey',
          'users_pkey',
        ].filter((index) => !used.has(index)),
      ).toEqual([]);
    });

    it("the claim: one pin by key, the consumer's claims by their index", async () => {
      const consumer = await signedIn(benchConsumerUsername(3));
      const [pin] = await context.database.query<{ id: number }>(
        `select offered.id from users, offered_pins(users.id) as offered
          where users.username = $1 order by offered.id desc limit 1`,
        [benchConsumerUsername(3)],
      );
      const sent = await sentBy(/\b(offered_pins|pin_on_offer)\(/, () =>
        consumer.post(`/api/pins/${pin!.id}/claim`).send({}),
      );
      // The check of the offer, then the decrement that checks the pin's part again under lock
      // (a CTE of the statement that also moves the reserve's balance).
      expect(sent.map(({ text }) => /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase())).toEqual([
        'select',
        'with',
      ]);
      for (const { text, params } of sent) {
        const { nodes } = await statementPlan(text, params);
        expect(await bigSequentialScans(nodes), text).toEqual([]);
        expect(indexesOf(nodes), text).toContain('pins_pkey');
      }
      const check = await statementPlan(sent[0]!.text, sent[0]!.params);
      expect(indexesOf(check.nodes)).toContain('gift_cards_claimant_idx');
    });
  });

  it("the business's charts read its days and totals, never the history of each card it issued", async () => {
    const [business] = await context.database.query<{ id: number }>(
      'select id from users where username = $1',
      [benchBusinessUsername(1)],
    );
    const sent = await sentBy(/\bbusiness_card_days\b/, async () => {
      await getValueChart(context.database.db, business!.id);
      await getActivityChart(context.database.db, business!.id);
    });
    expect(sent).toHaveLength(2);
    const [value, activity] = await Promise.all(
      sent.map(({ text, params }) => statementPlan(text, params)),
    );
    for (const { nodes } of [value!, activity!]) {
      expect(await bigSequentialScans(nodes)).toEqual([]);
      expect(indexesOf(nodes)).not.toContain('gift_card_activities_card_idx');
    }
    // The value chart reaches cards only through the index of the business's active cards by
    // expiry (those past it, not yet settled); the activity chart counts the period's claims.
    const cardIndexes = (nodes: PlanNode[]) =>
      [...indexesOf(nodes)].filter((name) => name?.startsWith('gift_cards_'));
    expect(cardIndexes(value!.nodes)).toEqual(['gift_cards_business_active_expires_idx']);
    expect(cardIndexes(activity!.nodes)).toEqual(['gift_cards_business_idx']);
  });

  it("the business's pin list reads each pin's count of redeemed cards, never its cards' history", async () => {
    const [business] = await context.database.query<{ id: number }>(
      'select id from users where username = $1',
      [benchBusinessUsername(1)],
    );
    const sent = await sentBy(/\bpin_redeemed_cards\b/, () =>
      listBusinessPins(context.database.db, business!.id, { page: 1, limit: 10 }),
    );
    expect(sent).toHaveLength(1);
    const { nodes } = await statementPlan(sent[0]!.text, sent[0]!.params);
    expect(await bigSequentialScans(nodes)).toEqual([]);
    const tables = new Set(nodes.map((node) => node['Relation Name']).filter(Boolean));
    expect(tables).not.toContain('gift_card_activities');
    expect(tables).not.toContain('gift_cards');
  });

  it("who held a card at an event is one probe of the card's issues and transfers, not a walk back through its spends", async () => {
    const [card] = await context.database.query<{ id: number; owner_id: number }>(
      `select c.id, c.owner_id from gift_cards c
       join users holder on holder.id = c.owner_id and holder.type = 'consumer'
       where exists (select 1 from gift_card_activities a
                     where a.gift_card_id = c.id and a.kind = 'spent' and a.amount_cents > 0)
       order by c.id limit 1`,
    );
    expect(card).toBeDefined();
    const holderSubquery = /h\.kind in \('issued', 'transferred'\)/;
    // The card's history page names the holder of each of its lines. (The wallet's movements
    // name theirs when a trigger records them: wallet-card-movements.test.ts.)
    const sent = await sentBy(holderSubquery, () =>
      getCardHistory(context.database.db, { id: card!.owner_id, type: 'consumer' }, card!.id, {
        page: 1,
        limit: 10,
      }),
    );
    expect(sent).toHaveLength(1);
    // It asks twice: the card's last issue or transfer before the event, and (for a card whose
    // history starts later) its first transfer after it.
    const { nodes } = await statementPlan(sent[0]!.text, sent[0]!.params);
    const probes = nodes.filter((node) => node['Index Name'] === 'gift_card_activities_holder_idx');
    expect(probes.length).toBeGreaterThanOrEqual(2);
  });

  it("a consumer's wallet reads their card movements once, and only the page's gifts and card events", async () => {
    const [consumer] = await context.database.query<{ id: number; movements: string | number }>(
      `select m.user_id as id, count(*) as movements from wallet_card_movements m
       join users u on u.id = m.user_id and u.type = 'consumer'
       group by m.user_id order by count(*) desc, m.user_id limit 1`,
    );
    expect(Number(consumer!.movements)).toBeGreaterThan(5);
    const sent = await sentBy(/\bwallet_card_movements\b/, () =>
      listWalletTransactions(context.database.db, consumer!.id, { page: 1, limit: 2 }),
    );
    expect(sent).toHaveLength(1);
    const rowsRead = await rowsReadByGenericPlan(sent[0]!, [
      'wallet_card_movements',
      'gifts',
      'gift_card_activities',
    ]);
    // Every movement once for the summary, the two newest again for the page (and any sharing the
    // second's time), and the names the page's two lines mention: at most a gift and an event each.
    expect(rowsRead.wallet_card_movements).toBeLessThanOrEqual(Number(consumer!.movements) + 4);
    expect(rowsRead.gifts).toBeLessThanOrEqual(2);
    expect(rowsRead.gift_card_activities).toBeLessThanOrEqual(2);
  });

  it("the business's wallet reads its ledger's monthly totals and newest rows, never the whole ledger", async () => {
    const [business] = await context.database.query<{ id: number; transactions: string | number }>(
      `select u.id, (select count(*) from ledger_transactions t where t.user_id = u.id) as transactions
       from users u where u.username = $1`,
      [benchBusinessUsername(1)],
    );
    expect(Number(business!.transactions)).toBeGreaterThan(50);
    const sent = await sentBy(/\bwallet_ledger_months\b/, () =>
      getWallet(context.database.db, { id: business!.id, type: 'business' }),
    );
    expect(sent).toHaveLength(1);
    const rowsRead = await rowsReadByGenericPlan(sent[0]!, ['ledger_transactions', 'gift_cards']);
    // The five newest transactions (and any sharing the fifth's time); no card (the business
    // holds none, and its pins count the cards they issued).
    expect(rowsRead.ledger_transactions).toBeLessThanOrEqual(10);
    expect(rowsRead.gift_cards).toBe(0);
  });

  it('the expiry sweep reads the cards that are due, never the cards that expired before', async () => {
    const [expired] = await context.database.query<{ count: string | number }>(
      `select count(*) as count from gift_cards where status = 'expired'`,
    );
    expect(Number(expired!.count)).toBeGreaterThan(1_000);
    // One statement per batch; any card due in the seed is settled on the way.
    const sent = await sentBy(/\bskip locked\b/, () => expireGiftCards(context.database.db));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const [result] = await context.database.query<{
      'QUERY PLAN': [{ Plan: PlanNode & { 'Actual Rows': number } }];
    }>(`explain (analyze, format json) ${sent[0]!.text}`, sent[0]!.params);
    // Every row any node of the plan read from the cards, kept or filtered out.
    let cardRowsRead = 0;
    const walk = (node: PlanNode & Record<string, unknown>) => {
      if (node['Relation Name'] === 'gift_cards') {
        cardRowsRead +=
          Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) +
          Number(node['Rows Removed by Filter'] ?? 0);
      }
      for (const child of node.Plans ?? []) walk(child as PlanNode & Record<string, unknown>);
    };
    walk(result!['QUERY PLAN'][0].Plan);
    expect(cardRowsRead).toBeLessThanOrEqual(EXPIRY_BATCH_SIZE);
  });

  // Postgres plans a prepared statement for its first five executions, then keeps one generic
  // plan unless that plan looks costlier than the custom ones: then it plans every execution
  // again, and preparing it gained nothing. The hottest statements are prepared (db/prepared.ts);
  // only a server keeps them, and one connection holds them all in its pg_prepared_statements.
  // Behind a transaction pooler the statements are sent unnamed: none is kept to check.
  it.skipIf(!process.env.TEST_DATABASE_URL || process.env.DATABASE_POOLER === 'transaction')(
    'hot statements keep one generic plan instead of being planned on every request',
    async () => {
      const single = await createDatabase({ databaseUrl: context.databaseUrl, poolSize: 1 });
      try {
        const db = single.db;
        const users = await single.query<{ id: number; type: string }>(
          `select id, type from users where username = any($1::text[]) order by id`,
          [
            [
              ...Array.from({ length: 8 }, (_, index) => benchConsumerUsername(index + 1)),
              ...Array.from({ length: 8 }, (_, index) => benchBusinessUsername(index + 1)),
            ],
          ],
        );
        const consumers = users.filter((user) => user.type === 'consumer').map((user) => user.id);
        const businesses = users.filter((user) => user.type === 'business').map((user) => user.id);
        const points = await single.query<{ lat: number; lng: number }>(
          `select lat, lng from pins where status = 'active' order by id limit 8`,
        );
        expect(consumers).toHaveLength(8);
        expect(businesses).toHaveLength(8);
        // Eight conversations and eight cards with a past, each read by the user it belongs to.
        const threads = await single.query<{ me: number; other: string }>(
          `select cp.user_id as me, other.username as other
             from conversation_participants cp join users other on other.id = cp.other_user_id
            order by cp.conversation_id, cp.user_id limit 8`,
        );
        const cards = await single.query<{ id: number; ownerId: number }>(
          `select g.id, g.owner_id as "ownerId" from gift_cards g
            where exists (select 1 from gift_card_activities a
                           where a.gift_card_id = g.id and a.kind <> 'issued')
            order by g.id limit 8`,
        );
        const codes = await single.query<{ code: string }>(
          `select code from redemption_codes order by created_at desc limit 8`,
        );
        expect(codes.length).toBeGreaterThan(0);
        expect(threads).toHaveLength(8);
        expect(cards).toHaveLength(8);

        const codeMisses = { limit: 20, windowSeconds: 900, message: 'Too many codes' };
        for (let round = 0; round < 8; round += 1) {
          const consumer = consumers[round]!;
          const business = businesses[round]!;
          // Pages down past the pinned posts, as the bench's later page does.
          let cursor: string | undefined;
          for (let page = 0; page < 5; page += 1) {
            cursor = (await listFeed(db, consumer, { limit: 20, cursor })).nextCursor ?? undefined;
          }
          await listMarketplace(db, consumer, { ...points[round]!, page: 1, limit: 12 });
          await listMarketplace(db, consumer, { page: 1, limit: 12 });
          await listMarketplaceBrands(db, consumer, points[round]!);
          await listMarketplaceBrands(db, consumer, {});
          await listLeads(db, business, { search: 'a', page: 1, limit: 10 });
          await listNotifications(db, consumer, { filter: 'all', page: 1, limit: 20 });
          await countUnread(db, consumer);
          await listConsumerGiftCards(db, consumer, { page: 1, limit: 10 });
          await listWalletTransactions(db, consumer, { page: 1, limit: 10 });
          await getWallet(db, { id: business, type: 'business' });
          await suggestFriends(db, consumer, 6);
          await getProfileSettings(db, consumer);
          await listSavedCards(db, consumer);
          await findUserByUsername(db, benchConsumerUsername(round + 1));
          await getLeaderboard(db, { period: 'month', limit: 10 });
          await getLeaderboardStanding(db, consumer, 'month');
          const thread = threads[round]!;
          await listConversationMessages(db, thread.me, thread.other, { limit: 30 });
          await listConversations(db, thread.me, { page: 1, limit: 20 });
          await countUnreadMessages(db, thread.me);
          const card = cards[round]!;
          await getCardHistory(db, { id: card.ownerId, type: 'consumer' }, card.id, {
            page: 1,
            limit: 10,
          });
          await getGiftsChart(db, consumer);
          await getActivityChart(db, business);
          await getValueChart(db, business);
          await getTopStoresChart(db, business);
          // A lookup takes a slot of each counter first and gives it back when the code matched.
          const slots = await consumeRateLimit(
            db,
            { ...codeMisses, key: `redemption-code:business:${business}` },
            { ...codeMisses, key: 'redemption-code:address:127.0.0.1' },
          );
          await slots.giveBack();
          // Answers a refusal when the code is dead or of another brand: the statement ran.
          await findRedeemableAtCounter(db, codes[round % codes.length]!.code, business).catch(
            (error: unknown) => {
              if (!(error instanceof AppError)) throw error;
            },
          );
          await businessOffersBrand(db, business, 'starbucks');
          await listBusinessStores(db, business, 'starbucks');
          await listBusinessPins(db, business, {
            status: ['active', 'paused', 'exhausted'],
            page: 1,
            limit: 10,
          });
        }

        const statements = await single.query<{
          name: string;
          statement: string;
          generic_plans: string | number;
          custom_plans: string | number;
        }>(
          `select name, statement, generic_plans, custom_plans from pg_prepared_statements
            where generic_plans + custom_plans >= $1`,
          [8],
        );
        // Every prepared statement the reads above use was executed often enough to be judged.
        for (const prepared of [
          'notifications_unread',
          'notifications_page',
          'leads_page',
          'wallet_cards_page',
          'marketplace_page',
          'marketplace_brands',
          'feed_page',
          'leaderboard_page',
          'profile_settings',
          'saved_cards',
          'user_by_username',
          'leaderboard_standing',
          'wallet_history',
          'friend_suggestions',
          'conversation_page',
          'conversations_page',
          'messages_unread',
          'card_history_page',
          'gifts_chart',
          'business_activity_chart',
          'business_value_chart',
          'business_top_stores',
          'business_pins_page',
          'rate_limit_take',
          'rate_limit_give_back',
          'redemption_code_at_counter',
          'business_offers_brand',
          'business_brand_stores',
        ]) {
          expect(
            statements.some((row) => row.name.startsWith(`${prepared}_`)),
            prepared,
          ).toBe(true);
        }
        const replanned = statements
          .filter((row) => Number(row.custom_plans) > 5)
          .map((row) => row.statement.replace(/\s+/g, ' ').slice(0, 200));
        expect(replanned).toEqual([]);
      } finally {
        await single.close();
      }
    },
    120_000,
  );
});
