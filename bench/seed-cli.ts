// `tsx bench/seed-cli.ts [--scale small|full|plan] [--check] [--pglite] [--keep-indexes]`
//
// Seeds the benchmark database of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench)
// and prints the timings and the row counts. --check then verifies the ledger (the app's own
// checkLedger) and the data's invariants; --pglite seeds an in-memory PGlite instead, as the plan
// test does; --keep-indexes loads with every index and foreign key in place (to compare).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createDatabase, type Database } from '../server/db/client';
import { queryRows } from '../server/db/query-rows';
import { seedReferenceData } from '../server/db/reference-data';
import { seedStoreCatalogue } from '../server/db/store-catalogue';
import { checkLedger } from '../server/services/ledger/check-ledger';
import { INCOMING } from '../server/services/wallet/wallet-transactions';
import {
  benchDatabaseUrls,
  DEFAULT_BENCH_DATABASE_URL,
  prepareBenchDatabase,
} from './prepare-database';
import { createProgress } from './progress';
import { BENCH_SCALE_NAMES, isBenchScaleName } from './scales';
import { SEEDED_TABLES, seedBenchData } from './seed';
import { cardMovementDrift } from '../server/testing/wallet-card-movements';

// Row counts are reported for every table the seed fills.
const TABLES = SEEDED_TABLES;

// Each query answers a count of rows that break a rule: all of them must be 0.
// The kinds the wallet counts as coming in, as SQL ('add_funds', …).
const incomingKinds = [...INCOMING].map((kind) => `'${kind}'`).join(', ');

const INVARIANTS: [string, string][] = [
  [
    'transactions whose entries do not sum to zero',
    `select count(*) from (select transaction_id from ledger_entries group by transaction_id
       having sum(amount_cents) <> 0 or count(*) <> 2) as t`,
  ],
  [
    'transactions without entries',
    `select count(*) from ledger_transactions t
       where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`,
  ],
  [
    'pins whose claimed count differs from their cards',
    `select count(*) from pins p left join (select pin_id, count(*) as cards from gift_cards
       where pin_id is not null group by pin_id) c on c.pin_id = p.id
       where p.quantity - p.remaining <> coalesce(c.cards, 0)
         or (p.remaining = 0) <> (p.status = 'exhausted')`,
  ],
  [
    'pins not on a store of their brand',
    `select count(*) from pins p join stores s on s.id = p.location_id
       where p.brand_id <> s.brand_id or p.lat <> s.lat or p.lng <> s.lng`,
  ],
  [
    'active pins already expired',
    `select count(*) from pins where status = 'active' and expires_at <= now()`,
  ],
  [
    'pin reserves not worth their remaining cards',
    `select count(*) from pins p join ledger_accounts a on a.pin_id = p.id
       where a.balance_cents <> case when p.status in ('active', 'exhausted')
         then p.value_cents::bigint * p.remaining else 0 end`,
  ],
  [
    'claims a targeted pin did not offer to the claimant',
    `select count(*) from gift_cards g
       where g.pin_id in (select pin_id from pin_identifiers)
         and not exists (select 1 from pin_identifiers t join user_identifiers u
           on u.identifier_id = t.identifier_id and u.user_id = g.claimed_by where t.pin_id = g.pin_id)`,
  ],
  [
    'pins whose target_identifier_ids differ from pin_identifiers',
    `select count(*) from pins p left join (select pin_id, array_agg(identifier_id order by identifier_id) as ids
       from pin_identifiers group by pin_id) t on t.pin_id = p.id
       where p.target_identifier_ids <> coalesce(t.ids, '{}')`,
  ],
  [
    // The app's expiry sweep settles these (value back to the business); none is left for it.
    'expired cards still holding value',
    `select count(*) from gift_cards g join ledger_accounts a on a.gift_card_id = g.id
       where g.status = 'expired' and a.balance_cents > 0`,
  ],
  [
    'cards whose history does not end at their ledger balance',
    `select count(*) from gift_cards g join ledger_accounts a on a.gift_card_id = g.id
       cross join lateral (select h.balance_after_cents from gift_card_activities h where h.gift_card_id = g.id
         order by h.created_at desc, h.id desc limit 1) as last
       where last.balance_after_cents <> a.balance_cents`,
  ],
  [
    'cards without their issue in their history',
    `select count(*) from gift_cards g where not exists (
       select 1 from gift_card_activities h where h.gift_card_id = g.id and h.kind = 'issued')`,
  ],
  [
    'conversations between people who are not friends',
    `select count(*) from conversations c where not exists (select 1 from friendships f
       where f.status = 'accepted' and least(f.requester_id, f.addressee_id) = c.user_low_id
         and greatest(f.requester_id, f.addressee_id) = c.user_high_id)`,
  ],
  [
    "participants whose last activity or last read is not their conversation's",
    `select count(*) from conversation_participants p
       join (select conversation_id, max(id) as last_id, max(created_at) as last_at, min(id) as first_id
             from messages group by conversation_id) m using (conversation_id)
       where p.last_activity_at <> m.last_at or p.last_read_message_id > m.last_id
         or p.last_read_message_id < m.first_id - 1`,
  ],
  [
    'users with other than one default saved card',
    `select count(*) from (select user_id from payment_methods group by user_id
       having count(*) filter (where is_default) <> 1) as u`,
  ],
  [
    'claimed cards of another brand, value or business than their pin',
    `select count(*) from gift_cards g join pins p on p.id = g.pin_id
       where g.brand_id <> p.brand_id or g.value_cents <> p.value_cents or g.business_id <> p.business_id
         or g.expires_at <> p.expires_at`,
  ],
  [
    'cards given to a friend without their gift (or the other way round)',
    `select count(*) from gift_cards g full join (select gift_card_id from gifts where kind = 'friend') f
       on f.gift_card_id = g.id
       where (g.source = 'friend_gift') is distinct from (f.gift_card_id is not null)
         or (g.source = 'friend_gift' and g.owner_id = g.claimed_by)
         or (g.source = 'pin_claim' and g.owner_id <> g.claimed_by)`,
  ],
  [
    'card accounts holding more than the card, or value on a card no longer active',
    `select count(*) from gift_cards g join ledger_accounts a on a.gift_card_id = g.id
       where a.balance_cents > g.value_cents or (g.status = 'active') <> (a.balance_cents > 0)`,
  ],
  [
    'claimants who are not a lead of the business',
    `select count(*) from (select distinct business_id, claimed_by from gift_cards where pin_id is not null) c
       left join leads l on l.business_id = c.business_id and l.consumer_id = c.claimed_by
       where l.id is null`,
  ],
  [
    'posts whose like or comment count is wrong',
    `select count(*) from posts p
       left join (select post_id, count(*) as n from post_likes group by post_id) l on l.post_id = p.id
       left join (select post_id, count(*) as n from post_comments group by post_id) c on c.post_id = p.id
       where p.like_count <> coalesce(l.n, 0) or p.comment_count <> coalesce(c.n, 0)`,
  ],
  [
    'leaderboard totals that differ from the scoring gifts',
    `select count(*) from (
       select p.period, p.period_start, g.sender_id as user_id, sum(g.value_cents) as total_cents
       from gifts g cross join lateral (values
         ('week', date_trunc('week', g.created_at at time zone 'UTC')::date),
         ('month', date_trunc('month', g.created_at at time zone 'UTC')::date),
         ('year', date_trunc('year', g.created_at at time zone 'UTC')::date),
         ('all', date '1970-01-01')) as p (period, period_start)
       where g.sender_id is not null and g.scores group by 1, 2, 3
     ) as expected full join leaderboard_totals t using (period, period_start, user_id)
     where expected.total_cents is distinct from t.total_cents`,
  ],
  [
    // A card scores on the leaderboard for its first gift only.
    'gifts whose scoring differs from being the first gift of their card',
    `select count(*) from gifts g
     where g.scores = exists (select 1 from gifts e where e.gift_card_id = g.gift_card_id and e.id < g.id)`,
  ],
  [
    'leaderboard total counts that differ from the totals',
    `select count(*) from (
       select period, period_start, total_cents, count(*) as users from leaderboard_totals group by 1, 2, 3
     ) as expected full join leaderboard_total_counts c using (period, period_start, total_cents)
     where expected.users is distinct from c.users`,
  ],
  [
    "business card days that differ from the cards' history",
    `select count(*) from (
       select c.business_id, (a.created_at at time zone 'UTC')::date as day,
         count(*) filter (where a.kind = 'spent') as redemptions,
         coalesce(sum(a.amount_cents) filter (where a.kind = 'spent'), 0) as redeemed_cents,
         coalesce(sum(a.balance_after_cents) filter (where a.kind = 'expired'), 0) as expired_cents,
         coalesce(sum(a.amount_cents) filter (where a.kind = 'refunded'), 0) as returned_cents
       from gift_card_activities a join gift_cards c on c.id = a.gift_card_id
       where a.kind in ('spent', 'expired', 'refunded') and c.business_id is not null
       group by 1, 2
     ) as expected full join business_card_days d using (business_id, day)
     -- A day whose numbers are all zero has no row.
     where (coalesce(expected.redemptions, 0), coalesce(expected.redeemed_cents, 0),
            coalesce(expected.expired_cents, 0), coalesce(expected.returned_cents, 0))
       is distinct from (coalesce(d.redemptions, 0), coalesce(d.redeemed_cents, 0),
            coalesce(d.expired_cents, 0), coalesce(d.returned_cents, 0))`,
  ],
  [
    "pins' redeemed cards that differ from the cards' history",
    `select count(*) from (
       select c.pin_id, count(distinct a.gift_card_id) as cards
       from gift_card_activities a join gift_cards c on c.id = a.gift_card_id
       where a.kind = 'spent' and c.pin_id is not null
       group by 1
     ) as expected full join pin_redeemed_cards r using (pin_id)
     -- A pin none of whose cards was spent has no row.
     where coalesce(expected.cards, 0) is distinct from coalesce(r.cards, 0)`,
  ],
  [
    "wallets' monthly totals that differ from the ledger",
    `select count(*) from (
       select t.user_id, date_trunc('month', t.created_at at time zone 'UTC')::date as month,
         count(*) as movements,
         count(*) filter (where t.kind = 'claim') as claims,
         coalesce(sum(t.amount_cents) filter (where t.kind = 'claim'), 0) as claim_cents,
         coalesce(sum(t.amount_cents) filter (where t.kind in (${incomingKinds})), 0)
           as incoming_cents,
         coalesce(sum(t.amount_cents) filter (where t.kind = 'redeem'), 0) as redeem_cents,
         coalesce(sum(t.amount_cents) filter (where t.kind not in (${incomingKinds}, 'redeem')), 0)
           as outgoing_cents
       from ledger_transactions t
       where t.user_id is not null
       group by 1, 2
     ) as expected full join wallet_ledger_months w using (user_id, month)
     where (expected.movements, expected.claims, expected.claim_cents, expected.incoming_cents,
            expected.redeem_cents, expected.outgoing_cents)
       is distinct from (w.movements, w.claims, w.claim_cents, w.incoming_cents, w.redeem_cents,
            w.outgoing_cents)`,
  ],
  [
    'identity sequences behind their table',
    `select (select count(*) from users where id >= (select last_value from users_id_seq))
       + (select count(*) from gift_cards where id >= (select last_value from gift_cards_id_seq))
       + (select count(*) from ledger_entries where id >= (select last_value from ledger_entries_id_seq))
       + (select count(*) from notifications where id >= (select last_value from notifications_id_seq))`,
  ],
];

const FACTS: [string, string][] = [
  ['active pins', `select count(*) from pins where status = 'active'`],
  [
    'gifts this month',
    `select count(*) from gifts where created_at >= date_trunc('month', now(), 'UTC')`,
  ],
  [
    'gifts this week',
    `select count(*) from gifts where created_at >= date_trunc('week', now(), 'UTC')`,
  ],
  ['unread notifications', `select count(*) from notifications where read_at is null`],
  ['accepted friendships', `select count(*) from friendships where status = 'accepted'`],
];

type Query = (text: string) => Promise<Record<string, unknown>[]>;

const print = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const formatCount = (value: unknown) => Number(value).toLocaleString('en-US');

async function firstValue(query: Query, text: string): Promise<unknown> {
  const [row] = await query(text);
  return row ? Object.values(row)[0] : undefined;
}

/** Phase timings; 'seed: <step>' entries are printed as the seed's steps. */
function printTimings(timings: Record<string, number>) {
  print('Timings');
  for (const [name, ms] of Object.entries(timings)) {
    const label = name.startsWith('seed: ') ? `  ${name.slice('seed: '.length)}` : name;
    print(`  ${label.padEnd(28)} ${seconds(ms).padStart(9)}`);
  }
}

async function printCounts(query: Query) {
  print('Rows');
  for (const table of TABLES) {
    print(
      `  ${table.padEnd(28)} ${formatCount(await firstValue(query, `select count(*) from ${table}`)).padStart(11)}`,
    );
  }
  for (const [name, text] of FACTS) {
    print(`  (${name})`.padEnd(30) + formatCount(await firstValue(query, text)).padStart(12));
  }
}

async function runChecks(query: Query, db: Database): Promise<boolean> {
  print('Checks (each must be 0)');
  let healthy = true;
  const started = performance.now();
  const ledger = await checkLedger(db);
  for (const [name, value] of Object.entries(ledger)) {
    healthy &&= value === 0;
    print(`  checkLedger ${name.padEnd(50)} ${String(value).padStart(6)}`);
  }
  for (const [name, text] of INVARIANTS) {
    const value = Number(await firstValue(query, text));
    healthy &&= value === 0;
    print(`  ${name.padEnd(62)} ${String(value).padStart(6)}`);
  }
  const drift = await cardMovementDrift(db);
  healthy &&= drift === 0;
  print(
    `  ${"wallets' card movements that differ from the gifts and histories".padEnd(62)} ${String(drift).padStart(6)}`,
  );
  print(`  (${seconds(performance.now() - started)})`);
  return healthy;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'full' },
      check: { type: 'boolean', default: false },
      pglite: { type: 'boolean', default: false },
      'keep-indexes': { type: 'boolean', default: false },
    },
  });
  const scale = values.scale ?? 'full';
  if (!isBenchScaleName(scale)) {
    process.stderr.write(`Unknown scale ${scale}: use ${BENCH_SCALE_NAMES.join(', ')}\n`);
    return 2;
  }
  const seedOptions = { deferIndexes: !values['keep-indexes'] };
  const progress = createProgress(`seed ${scale}`);

  if (values.pglite) {
    // As the plan test does: an in-memory PGlite, migrated and given the reference data.
    const started = performance.now();
    const handle = await createDatabase({});
    try {
      await handle.migrate();
      await seedReferenceData(handle.db);
      await seedStoreCatalogue(handle.db);
      const prepared = performance.now();
      const steps = await seedBenchData(
        (statement) => handle.db.execute(sql.raw(statement)),
        scale,
        progress.update,
        seedOptions,
      );
      progress.done();
      const query: Query = (text) => queryRows(handle.db, sql.raw(text));
      print(`PGlite (in memory), scale ${scale}`);
      printTimings({
        'migrate + reference data': prepared - started,
        ...Object.fromEntries(steps.map((step) => [`seed: ${step.step}`, step.ms])),
        seed: performance.now() - prepared,
      });
      await printCounts(query);
      if (values.check && !(await runChecks(query, handle.db))) return 1;
    } finally {
      progress.done();
      await handle.close();
    }
    return 0;
  }

  const url = process.env.BENCH_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const { database, target } = benchDatabaseUrls(url);
  let timings;
  try {
    timings = await prepareBenchDatabase({ url, scale, onProgress: progress.update, seedOptions });
  } finally {
    progress.done();
  }
  print(`Database ${database}, scale ${scale}`);
  printTimings(timings);
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    const query: Query = async (text) => (await client.query(text)).rows;
    await printCounts(query);
    if (values.check) {
      const db = drizzle(client) as unknown as Database;
      if (!(await runChecks(query, db))) return 1;
    }
  } finally {
    await client.end();
  }
  return 0;
}

process.exitCode = await main();
