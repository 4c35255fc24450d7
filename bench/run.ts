// `npm run bench [-- --scale small|full] [--reuse] [--skip-build] [--only name,name] [--duration 10]
//   [--claim-connections 32]` (`--only contention` runs the two flash-crowd runs alone)
//
// Seeds a fresh `bench` database at the chosen scale, measures start-up, then loads the built server
// endpoint by endpoint with autocannon as signed-in users, beside a bare Express `SELECT 1` baseline
// on the same pool, and writes bench/results/<date>-<scale>.{json,md}. See README "Performance".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { findProjectRoot } from '../server/lib/project-root';
import { measure, type Endpoint, type LoadOptions, type LoadResult } from './load';
import { prepareBenchDatabase } from './prepare-database';
import { createProgress } from './progress';
import { formatReport, TARGETS, type BenchReport } from './report';
import {
  BENCH_PASSWORD,
  benchBusinessUsername,
  benchConsumerUsername,
  benchUserCounts,
} from './seed';
import { freePort, startServer } from './server-process';
import { api, signInMany } from './sessions';

type Scale = 'small' | 'full';

function parseArguments(argv: string[]) {
  // Node's own parser: an unknown option or a missing value is an error.
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: 'full' },
      reuse: { type: 'boolean', default: false },
      'skip-build': { type: 'boolean', default: false },
      only: { type: 'string', default: '' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      /** Claims in flight at once in the contention runs. */
      'claim-connections': { type: 'string', default: '32' },
    },
  });
  const scale = values.scale;
  if (scale !== 'small' && scale !== 'full') throw new Error('--scale is small or full');
  return {
    scale: scale as Scale,
    reuse: values.reuse,
    skipBuild: values['skip-build'],
    only: values.only ? values.only.split(',') : [],
    duration: Number(values.duration),
    connections: Number(values.connections),
    claimConnections: Number(values['claim-connections']),
  };
}

const options = parseArguments(process.argv.slice(2));
const root = findProjectRoot();
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const sessionSecret = 'bench-session-secret-that-is-long-enough-0123456789';
const log = (message: string) => process.stderr.write(`${message}\n`);

// 1. The database: fresh, migrated, filled with set operations.
let seeding: Record<string, number> | null = null;
if (!options.reuse) {
  log(`Seeding ${databaseUrl} at ${options.scale} scale…`);
  const progress = createProgress();
  const started = performance.now();
  const timings = await prepareBenchDatabase({
    url: databaseUrl,
    scale: options.scale,
    onProgress: progress.update,
  });
  progress.done();
  const totalMs = performance.now() - started;
  seeding = { ...timings, totalMs };
  log(`Seeded in ${(totalMs / 1000).toFixed(1)} s`);
}

// 2. The build the server runs from (npm start uses the same output).
if (!options.skipBuild) {
  log('Building…');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

// 3. Start-up of `npm start` on a fresh DATA_DIR (embedded database, store catalogue, demo data),
//    then again on the same DATA_DIR.
log('Measuring start-up…');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-bench-start-'));
const startEnvironment = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: undefined };
const startUp: { freshMs: number; existingMs: number } = { freshMs: 0, existingMs: 0 };
for (const key of ['freshMs', 'existingMs'] as const) {
  const server = await startServer({
    command: 'npm',
    args: ['start', '--silent'],
    env: startEnvironment,
    port: await freePort(),
  });
  startUp[key] = server.readyMs;
  await server.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });
log(
  `npm start ready in ${(startUp.freshMs / 1000).toFixed(2)} s fresh, ${(startUp.existingMs / 1000).toFixed(2)} s existing`,
);

const loadOptions = (baseUrl: string): LoadOptions => ({
  baseUrl,
  connections: options.connections,
  durationSeconds: options.duration,
});
const wanted = (name: string) => options.only.length === 0 || options.only.includes(name);
const results: LoadResult[] = [];
const run = async (baseUrl: string, endpoint: Endpoint) => {
  if (!wanted(endpoint.name) && endpoint.kind !== 'baseline') return;
  log(`  ${endpoint.name}…`);
  const result = await measure(endpoint, loadOptions(baseUrl));
  results.push(result);
  log(
    `    ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
  );
};

// 4. The baseline: bare Express + SELECT 1 through the same pool, on the same machine.
log('Baseline…');
const baseline = await startServer({
  command: process.execPath,
  args: ['--import', 'tsx', path.join(root, 'bench/baseline-server.ts')],
  env: { DATABASE_URL: databaseUrl, NODE_ENV: 'production' },
  port: await freePort(),
});
await run(baseline.url, {
  name: 'baseline (SELECT 1)',
  kind: 'baseline',
  path: () => '/api/baseline',
});
await baseline.stop();

// 5. The app, built, against the seeded database.
log('Starting the app…');
const app = await startServer({
  command: process.execPath,
  args: [path.join(root, 'dist/server/index.js')],
  env: {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    DEMO: '0',
    LOG_LEVEL: 'warn',
    // Every simulated person comes from this machine's one address: the flash crowd's thousand
    // claims, and sign-ins in flight (each holds a slot of the address's allowance while its
    // password is checked), would otherwise meet the per-address limits meant for one network.
    RATE_LIMIT_CLAIMS_PER_ADDRESS_PER_DAY: '1000000',
    RATE_LIMIT_LOGIN_PER_ADDRESS: '1000000',
  },
  port: await freePort(),
  echo: true,
});

const counts = benchUserCounts(options.scale);
const consumerCount = 256;
// The flash crowd: this many consumers claim at once, every one of them signed in.
const CLAIMERS = 1_000;
const HOT_PIN_RUN = 'claims on one pin';
const SPREAD_RUN = `claims on ${CLAIMERS.toLocaleString('en-US')} pins`;
const runContention = wanted(HOT_PIN_RUN) || wanted(SPREAD_RUN) || wanted('contention');
const signedIn = runContention ? Math.max(consumerCount, CLAIMERS) : consumerCount;
log(`Signing in ${signedIn} consumers and 8 businesses…`);
const consumerNumbers = Array.from({ length: consumerCount }, (_, index) => index + 1);
const consumers = await signInMany(
  app.url,
  Array.from({ length: signedIn }, (_, index) => benchConsumerUsername(index + 1)),
  BENCH_PASSWORD,
);
const businesses = await signInMany(
  app.url,
  [1, 2, 3, 4, 5, 6, 7, 8].map((n) => benchBusinessUsername(n)),
  BENCH_PASSWORD,
);

// Request parameters read from the seeded data, so that every answer is a real, full page.
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const pinLocations = (
  await client.query<{ lat: number; lng: number }>(
    `select lat, lng from pins where status = 'active' and expires_at > now() and id % 97 = 0 limit 256`,
  )
).rows;
const cascade = (
  await client.query<{ state: string; city: string }>(
    `select state, city from stores where brand_id = 'starbucks'
      group by state, city order by count(*) desc limit 1`,
  )
).rows[0];
const leadTerms = (
  await client.query<{ term: string }>(
    `select distinct left(name, 3) as term from leads where business_id in (
       select id from users where username = any($1)) limit 16`,
    [[1, 2, 3, 4, 5, 6, 7, 8].map((n) => benchBusinessUsername(n))],
  )
).rows.map((row) => row.term);
// The signed-in consumers' conversations (user n is id n) and their cards with a history beyond
// the issue, so each request reads a real thread or history of the user who sends it.
const conversationsOfSignedIn = (
  await client.query<{ userId: number; other: string }>(
    `select cp.user_id as "userId", other.username as other
       from conversation_participants cp join users other on other.id = cp.other_user_id
      where cp.user_id <= $1 order by cp.last_activity_at desc`,
    [consumerCount],
  )
).rows;
const historyCards = (
  await client.query<{ userId: number; cardId: number }>(
    `select distinct on (g.owner_id) g.owner_id as "userId", g.id as "cardId"
       from gift_cards g
      where g.owner_id <= $1
        and exists (select 1 from gift_card_activities a where a.gift_card_id = g.id and a.kind <> 'issued')
      order by g.owner_id, g.id desc`,
    [consumerCount],
  )
).rows;
const missing =
  !cascade || pinLocations.length === 0 || leadTerms.length === 0
    ? 'active pins, stores or leads'
    : conversationsOfSignedIn.length === 0 || historyCards.length === 0
      ? 'conversations or card histories'
      : null;
if (missing || !cascade) {
  // The server is a process of its own: stopped here, it does not outlive the benchmark.
  await client.end();
  await app.stop();
  throw new Error(`The bench database has no ${missing}: seed it again.`);
}

const cycle = <T>(values: T[]) => {
  let index = 0;
  return () => values[index++ % values.length] as T;
};
const consumerCookie = cycle(consumers.slice(0, consumerCount));
const businessCookie = cycle(businesses);
const pinLocation = cycle(pinLocations);
const leadTerm = cycle(leadTerms);
const profileUsername = cycle(consumerNumbers.slice(0, 64).map((n) => benchConsumerUsername(n)));
/**
 * Requests whose path belongs to one user: autocannon asks for the cookie first, then the path
 * (then the body), so the cookie moves to the next pair and the path and body read the same one.
 */
const paired = <T>(pairs: T[], cookieOf: (pair: T) => string) => {
  const next = cycle(pairs);
  let current = pairs[0] as T;
  return {
    cookie: () => {
      current = next();
      return cookieOf(current);
    },
    pair: () => current,
  };
};
const consumerCookieOf = (userId: number) => consumers[userId - 1] ?? '';
const threads = paired(conversationsOfSignedIn, (row) => consumerCookieOf(row.userId));
const histories = paired(historyCards, (row) => consumerCookieOf(row.userId));

// A cursor a few pages into the feed.
let feedCursor = '';
for (let page = 0; page < 5; page += 1) {
  const response = await fetch(
    `${app.url}/api/posts?limit=20${feedCursor ? `&cursor=${encodeURIComponent(feedCursor)}` : ''}`,
    { headers: { cookie: consumers[0] ?? '' } },
  );
  // The next page's cursor travels in the answer's Link header (rel="next").
  const next = /<([^>]*)>;\s*rel="next"/.exec(response.headers.get('Link') ?? '')?.[1];
  const cursor = next ? new URL(next, app.url).searchParams.get('cursor') : null;
  if (!cursor) break;
  feedCursor = cursor;
}

const reads: Endpoint[] = [
  {
    name: 'marketplace near me',
    kind: 'read',
    path: () => {
      const { lat, lng } = pinLocation();
      return `/api/gift-cards/marketplace?lat=${lat}&lng=${lng}&page=1&limit=12`;
    },
    cookie: consumerCookie,
  },
  {
    name: 'feed first page',
    kind: 'read',
    path: () => '/api/posts?limit=20',
    cookie: consumerCookie,
  },
  {
    name: 'feed later page',
    kind: 'read',
    path: () => `/api/posts?limit=20&cursor=${encodeURIComponent(feedCursor)}`,
    cookie: consumerCookie,
  },
  {
    name: 'leaderboard month',
    kind: 'read',
    path: () => '/api/gift-cards/leaderboard?period=month&limit=10',
    cookie: consumerCookie,
  },
  {
    name: 'leaderboard all',
    kind: 'read',
    path: () => '/api/gift-cards/leaderboard?period=all&limit=10',
    cookie: consumerCookie,
  },
  {
    name: 'leaderboard me (month)',
    kind: 'read',
    path: () => '/api/gift-cards/leaderboard/me?period=month',
    cookie: consumerCookie,
  },
  {
    name: 'consumer wallet',
    kind: 'read',
    path: () => '/api/gift-cards/consumer/wallet?page=1&limit=10',
    cookie: consumerCookie,
  },
  {
    name: 'wallet transactions',
    kind: 'read',
    path: () => '/api/wallet/transactions?page=1&limit=10',
    cookie: consumerCookie,
  },
  { name: 'business wallet', kind: 'read', path: () => '/api/wallet', cookie: businessCookie },
  {
    name: 'notifications',
    kind: 'read',
    path: () => '/api/consumer/notifications?filter=all&page=1&limit=20',
    cookie: consumerCookie,
  },
  {
    name: 'unread count',
    kind: 'read',
    path: () => '/api/notifications/unread-count',
    cookie: consumerCookie,
  },
  {
    name: 'leads search',
    kind: 'read',
    path: () => `/api/business/leads?search=${encodeURIComponent(leadTerm())}&page=1&limit=10`,
    cookie: businessCookie,
  },
  {
    name: 'friend suggestions',
    kind: 'read',
    path: () => '/api/friends/suggested?limit=6',
    cookie: consumerCookie,
  },
  {
    name: 'store cascade: states',
    kind: 'read',
    path: () => '/api/locations/states?brand=starbucks',
    cookie: businessCookie,
  },
  {
    name: 'store cascade: cities',
    kind: 'read',
    path: () => `/api/locations/cities?brand=starbucks&state=${cascade.state}`,
    cookie: businessCookie,
  },
  {
    name: 'store cascade: stores',
    kind: 'read',
    path: () =>
      `/api/locations/stores?brand=starbucks&state=${cascade.state}&city=${encodeURIComponent(cascade.city)}`,
    cookie: businessCookie,
  },
  {
    name: 'public profile',
    kind: 'read',
    path: () => `/api/user/profile/${profileUsername()}`,
  },
  {
    name: 'profile QR code',
    kind: 'read',
    path: () => `/api/user/qr-code/${profileUsername()}`,
  },
  {
    name: 'settings',
    kind: 'read',
    path: () => '/api/user/settings',
    cookie: consumerCookie,
  },
  {
    name: 'saved payment cards',
    kind: 'read',
    path: () => '/api/payments/cards',
    cookie: consumerCookie,
  },
  {
    name: 'conversations',
    kind: 'read',
    path: () => '/api/messages?page=1&limit=20',
    cookie: consumerCookie,
  },
  {
    name: 'messages unread count',
    kind: 'read',
    path: () => '/api/messages/unread-count',
    cookie: consumerCookie,
  },
  {
    name: 'conversation page',
    kind: 'read',
    path: () => `/api/messages/${encodeURIComponent(threads.pair().other)}`,
    cookie: threads.cookie,
  },
  {
    name: 'card history',
    kind: 'read',
    path: () => `/api/gift-cards/${histories.pair().cardId}/history?page=1&limit=10`,
    cookie: histories.cookie,
  },
  {
    name: 'gifts chart',
    kind: 'read',
    path: () => '/api/wallet/charts/gifts',
    cookie: consumerCookie,
  },
  {
    name: 'business activity chart',
    kind: 'read',
    path: () => '/api/business/charts/activity',
    cookie: businessCookie,
  },
  {
    name: 'business value chart',
    kind: 'read',
    path: () => '/api/business/charts/value',
    cookie: businessCookie,
  },
  {
    name: 'business top stores',
    kind: 'read',
    path: () => '/api/business/charts/top-stores',
    cookie: businessCookie,
  },
  {
    name: 'business pin list',
    kind: 'read',
    path: () => '/api/pins/mine?status=active,paused,exhausted&page=1&limit=10',
    cookie: businessCookie,
  },
];

log('Loading the endpoints…');
// CPU per answer of the server process and of the bench database's Postgres backends, for the
// scaling estimates (how many app processes one Postgres feeds). Read from /proc around each run,
// warm-up included, so the time is spread over the warm-up's requests too (about 2 s in 12).
const cpuPerAnswer: Record<string, { serverMs: number; postgresMs: number }> = {};
const serverPid = app.process.pid ?? -1;
const benchDatabase = new URL(databaseUrl).pathname.slice(1);
const isBenchBackend = (command: string) =>
  command.startsWith('postgres: ') && command.includes(` ${benchDatabase} `);
const cpuNow = () => ({
  server: cpuByProcess((pid) => pid === serverPid),
  postgres: cpuByProcess((_, command) => isBenchBackend(command)),
});
/** Records the CPU the server and Postgres spent per answer since `before`. */
const recordCpu = (name: string, before: ReturnType<typeof cpuNow>, answers: number) => {
  const now = cpuNow();
  const cpu = {
    serverMs: (cpuSince(before.server, now.server) * 1000) / answers,
    postgresMs: (cpuSince(before.postgres, now.postgres) * 1000) / answers,
  };
  cpuPerAnswer[name] = cpu;
  log(
    `    CPU per answer: server ${cpu.serverMs.toFixed(2)} ms, Postgres ${cpu.postgresMs.toFixed(2)} ms`,
  );
};
/** Runs one endpoint and records the CPU its answers cost. */
async function runMeasured(endpoint: Parameters<typeof run>[1]) {
  const before = cpuNow();
  const measured = results.length;
  await run(app.url, endpoint);
  const result = results[measured];
  if (!result || result.requests === 0) return;
  recordCpu(endpoint.name, before, result.requests * ((options.duration + 2) / options.duration));
}
for (const endpoint of reads) await runMeasured(endpoint);

// The counter's lookup reads the card behind a code a holder just made (codes live 90 seconds and
// are spent only by a redemption, so a code may be looked up again and again meanwhile): codes
// for the signed-in consumers' active cards from the signed-in businesses' pins, made through the
// app right before the run, each looked up by the business that issued its card.
if (wanted('redemption lookup')) {
  const redeemable = (
    await client.query<{ userId: number; cardId: number; businessId: number }>(
      `select distinct on (g.owner_id) g.owner_id as "userId", g.id as "cardId", g.business_id as "businessId"
         from gift_cards g
        where g.owner_id <= $1 and g.business_id between $2 + 1 and $2 + 8
          and g.status = 'active' and g.expires_at > now() + interval '1 hour'
        order by g.owner_id, g.id desc limit 64`,
      [consumerCount, counts.consumers],
    )
  ).rows;
  if (redeemable.length === 0) throw new Error('No active card to make a counter code for.');
  const codes: { code: string; businessCookie: string }[] = [];
  for (const row of redeemable) {
    const made = await api<{ code: string }>(
      app.url,
      `/api/gift-cards/${row.cardId}/redemption-code`,
      { cookie: consumerCookieOf(row.userId), body: {} },
    );
    codes.push({
      code: made.code,
      businessCookie: businesses[row.businessId - counts.consumers - 1] ?? '',
    });
  }
  const lookups = paired(codes, (row) => row.businessCookie);
  await runMeasured({
    name: 'redemption lookup',
    kind: 'read',
    method: 'POST',
    path: () => '/api/redemptions/lookup',
    cookie: lookups.cookie,
    body: () => ({ code: lookups.pair().code }),
  });
}

// Sign-in is deliberately slow (scrypt, ~100 ms of CPU): measured, not held to the read targets.
const loginUsers = cycle(consumerNumbers.map((n) => benchConsumerUsername(n)));
await run(app.url, {
  name: 'login',
  kind: 'write',
  method: 'POST',
  path: () => '/api/login',
  body: () => ({ identifier: loginUsers(), password: BENCH_PASSWORD }),
});

// Contention: a flash crowd. Every claimer claims one hot pin holding half as many cards as there
// are claimers, all at once; then the same claimers claim as many different pins, one each, so the
// hot pin's throughput can be set against the same work with nothing shared.
let contention: BenchReport['contention'] = null;
if (runContention) {
  const value = 5;
  const claimers = consumers.slice(0, CLAIMERS);
  const store = (
    await client.query<{ id: number }>(
      `select id from stores where brand_id = 'starbucks' order by id limit 1`,
    )
  ).rows[0];
  // The test card is tokenised first, as a browser does; only the token pays.
  const fund = async (owner: string, dollars: number) => {
    // Charging a card asks again who is there when the sign-in is older than 15 minutes.
    await api(app.url, '/api/user/confirm-identity', {
      cookie: owner,
      body: { password: BENCH_PASSWORD },
    });
    const card = await api<{ token: string }>(app.url, '/api/test-payments/tokens', {
      body: { number: '4242424242424242', expiry: '12/99', cvc: '123' },
    });
    await api(app.url, '/api/wallet/add-funds', {
      cookie: owner,
      body: { amount: dollars, paymentToken: card.token },
    });
  };
  const createPins = async (owner: string, count: number, quantity: number) => {
    const ids: number[] = new Array<number>(count);
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const pin = await api<{ id: number }>(app.url, '/api/pins', {
          cookie: owner,
          body: { brand: 'starbucks', value, quantity, radius: 5, locationId: store?.id },
        });
        ids[index] = pin.id;
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    return ids;
  };
  const [hotOwner, spreadOwner, warmOwner] = businesses as [string, string, string];
  const hotQuantity = CLAIMERS / 2;
  const warmQuantity = 64;
  log(`  Creating the hot pin of ${hotQuantity} cards and ${CLAIMERS} pins of one card…`);
  await fund(hotOwner, hotQuantity * value);
  await fund(spreadOwner, CLAIMERS * value);
  await fund(warmOwner, warmQuantity * value);
  const [hotPin] = await createPins(hotOwner, 1, hotQuantity);
  const spreadPins = await createPins(spreadOwner, CLAIMERS, 1);
  const [warmPin] = await createPins(warmOwner, 1, warmQuantity);

  // A short warm-up (JIT, pool) on a pin of its own, not measured: both outcomes, card and sold out.
  const warmClaimer = cycle(claimers.slice(0, warmQuantity * 2));
  await measure(
    {
      name: 'claims warm-up',
      kind: 'write',
      method: 'POST',
      path: () => `/api/pins/${warmPin}/claim`,
      cookie: warmClaimer,
      body: () => ({}),
      amount: warmQuantity * 2,
      expected: [201, 409],
    },
    { ...loadOptions(app.url), connections: options.claimConnections },
  );

  const claimRun = async (name: string, path: () => string) => {
    log(`  ${name}…`);
    const before = cpuNow();
    const result = await measure(
      {
        name,
        kind: 'write',
        method: 'POST',
        path,
        cookie: cycle(claimers),
        body: () => ({}),
        amount: CLAIMERS,
        // 201 for a card, 409 once the pin is sold out: both are right answers.
        expected: [201, 409],
      },
      { ...loadOptions(app.url), connections: options.claimConnections },
    );
    results.push(result);
    log(
      `    ${Math.round(result.requestsPerSecond)} claims/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
    );
    recordCpu(name, before, result.requests);
    return result;
  };
  // Each request takes the next claimer and, on the spread run, the next pin: claimer k claims pin k.
  const hot = await claimRun(HOT_PIN_RUN, () => `/api/pins/${hotPin}/claim`);
  const spreadPin = cycle(spreadPins);
  const spread = await claimRun(SPREAD_RUN, () => `/api/pins/${spreadPin()}/claim`);

  const outcome = async (pinIds: number[]) => {
    const row = (
      await client.query<{
        cards: string;
        remaining: string;
        issued_cents: string;
        held_cents: string;
        drifted: string;
        unbalanced: string;
        negative: string;
      }>(
        `with run_pins as (select id, value_cents, quantity, remaining from pins where id = any($1)),
         run_accounts as (
           select a.id, a.balance_cents from ledger_accounts a
             where a.pin_id in (select id from run_pins)
           union all
           select a.id, a.balance_cents from ledger_accounts a
             join gift_cards c on c.id = a.gift_card_id
             where c.pin_id in (select id from run_pins))
         select
           (select count(*) from gift_cards where pin_id in (select id from run_pins)) as cards,
           (select sum(remaining) from run_pins) as remaining,
           (select sum(value_cents::bigint * quantity) from run_pins) as issued_cents,
           (select sum(balance_cents) from run_accounts) as held_cents,
           (select count(*) from run_accounts a where a.balance_cents <> coalesce(
              (select sum(e.amount_cents) from ledger_entries e where e.account_id = a.id), 0))
             as drifted,
           (select count(*) from (select e.transaction_id from ledger_entries e
              join ledger_transactions t on t.id = e.transaction_id
              where t.pin_id in (select id from run_pins)
              group by e.transaction_id having sum(e.amount_cents) <> 0) unbalanced) as unbalanced,
           (select count(*) from run_accounts where balance_cents < 0) as negative`,
        [pinIds],
      )
    ).rows[0];
    if (!row) throw new Error('The contention outcome could not be read');
    return {
      cards: Number(row.cards),
      remaining: Number(row.remaining),
      // Balanced: every transaction's entries sum to zero, every balance is the sum of its
      // entries, none is negative, and the pins' reserves and cards hold exactly what was funded.
      ledgerBalanced:
        Number(row.drifted) === 0 &&
        Number(row.unbalanced) === 0 &&
        Number(row.negative) === 0 &&
        Number(row.held_cents) === Number(row.issued_cents),
    };
  };
  const summary = async (result: LoadResult, pinIds: number[], quantity: number) => ({
    pins: pinIds.length,
    quantity,
    attempts: result.requests,
    created: result.statusCounts['201'] ?? 0,
    refused: result.statusCounts['409'] ?? 0,
    errors: result.errors,
    claimsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    ...(await outcome(pinIds)),
  });
  contention = {
    claimers: CLAIMERS,
    connections: options.claimConnections,
    hot: await summary(hot, [hotPin as number], hotQuantity),
    spread: await summary(spread, spreadPins, CLAIMERS),
  };
  log(
    `    hot pin: ${contention.hot.cards} cards, ${contention.hot.refused} sold out, ledger ` +
      `${contention.hot.ledgerBalanced ? 'balanced' : 'NOT balanced'}; spread: ` +
      `${contention.spread.cards} cards, ledger ${contention.spread.ledgerBalanced ? 'balanced' : 'NOT balanced'}`,
  );
}
await client.end();
await app.stop();

// 6. The report.
const date = new Date().toISOString().slice(0, 10);
const report: BenchReport = {
  date,
  scale: options.scale,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    postgres: await postgresVersion(),
  },
  connections: options.connections,
  durationSeconds: options.duration,
  rows: counts,
  seeding,
  startUp,
  results,
  contention,
};
const resultsDir = path.join(root, 'bench/results');
fs.mkdirSync(resultsDir, { recursive: true });
const previous = latestOtherScale(resultsDir, options.scale);
const markdown = formatReport(report, previous);
// A run of some endpoints only (--only) is written beside the whole run's results, not over them.
const partial = options.only.length > 0 ? `-${options.only.join('-')}` : '';
const base = path.join(resultsDir, `${date}-${options.scale}${partial}`);
fs.writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(`${base}.md`, markdown);
fs.writeFileSync(`${base}-cpu.json`, `${JSON.stringify(cpuPerAnswer, null, 2)}\n`);
process.stdout.write(`\n${markdown}\n`);
log(`Written ${path.relative(root, base)}.json and .md (targets: ${JSON.stringify(TARGETS)})`);

/** CPU seconds used so far by each process `pick` selects, from /proc (none where there is none). */
function cpuByProcess(pick: (pid: number, command: string) => boolean): Map<number, number> {
  const ticksPerSecond = 100;
  const used = new Map<number, number>();
  if (!fs.existsSync('/proc')) return used;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!pick(Number(entry), command)) continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After the command in parentheses: state is field 3, utime 14 and stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / ticksPerSecond);
    } catch {
      // The process ended meanwhile.
    }
  }
  return used;
}

/**
 * CPU seconds spent between two readings, process by process: one that started meanwhile counts
 * whole. One that ended meanwhile (a pool closing an idle connection) is left out, since its last
 * seconds went with it; subtracting totals instead counted its whole life as negative time.
 */
function cpuSince(before: Map<number, number>, now: Map<number, number>): number {
  let spent = 0;
  for (const [pid, seconds] of now) spent += seconds - (before.get(pid) ?? 0);
  return spent;
}

async function postgresVersion(): Promise<string> {
  const version = new pg.Client({ connectionString: databaseUrl });
  await version.connect();
  const row = (await version.query<{ server_version: string }>('show server_version')).rows[0];
  await version.end();
  return row?.server_version ?? 'unknown';
}

/** The newest report of the other scale, to show growth from small to full. */
function latestOtherScale(directory: string, scale: Scale): BenchReport | null {
  const other = scale === 'full' ? 'small' : 'full';
  const files = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(`-${other}.json`))
    .sort();
  const newest = files.at(-1);
  if (!newest) return null;
  return JSON.parse(fs.readFileSync(path.join(directory, newest), 'utf8')) as BenchReport;
}
