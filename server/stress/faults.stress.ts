import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../lib/errors';
import { checkLedger } from '../services/ledger/check-ledger';
import { TEST_CARD_SUCCESS } from '../services/payments/payment-provider';
import { businessInput, TEST_PASSWORD } from '../testing/factories';
import {
  send,
  sessionCookie,
  signIn,
  type Outcome,
  type RequestSpec,
} from '../testing/load-client';
import { startPrivatePostgres } from '../testing/private-postgres';
import { startServerProcess, type ServerProcess } from '../testing/server-process';
import { insertConsumers } from '../testing/gift-cards';
import { futureExpiry } from '../testing/payments';
import { insertTestStores } from '../testing/stores';

/**
 * Fault tests. The real entry point (`server/index.ts`) runs as a process of its
 * own against Postgres, under load from keep-alive clients, while it is sent SIGTERM, while its
 * Postgres is stopped and started again, and while a fault is injected into it.
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}
const serverUrl = process.env.TEST_DATABASE_URL;

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  // Last registered first: the servers stop before their databases go.
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/** A fresh database on the shared test server, dropped after the file. */
async function freshDatabase(): Promise<string> {
  const name = `markit_faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The deployed server's environment, on a free port unless `port` is given. */
function serverEnvironment(databaseUrl: string, dataDirectory: string, port = 0) {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDirectory,
    DEMO: '0',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Every client of the load comes from 127.0.0.1: the limits per client address would
    // otherwise refuse the world's claims, which are not what these tests are about.
    RATE_LIMIT_CLAIMS_PER_ADDRESS_PER_DAY: '1000000',
  };
}

/**
 * The server as deployed (NODE_ENV=production): the API does not need the built client, which
 * CI builds only after this step (without it, non-API paths answer 404).
 */
async function startServer(databaseUrl: string, preload?: string): Promise<ServerProcess> {
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-faults-'));
  const server = await startServerProcess({
    env: serverEnvironment(databaseUrl, dataDirectory),
    ...(preload ? { preload } : {}),
  });
  cleanups.push(async () => {
    await server.kill();
    fs.rmSync(dataDirectory, { recursive: true, force: true });
  });
  return server;
}

async function waitFor(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs: number,
) {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The end of a server's output, for an assertion's message. */
const lastWords = (server: ServerProcess) => server.output().slice(-4_000);

const health = async (baseUrl: string) => (await fetch(new URL('/api/health', baseUrl))).status;

async function post(baseUrl: string, cookie: string, route: string, body: unknown) {
  const response = await fetch(new URL(route, baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const PIN_VALUE = 5;
const REDEEM_AMOUNT = 0.01;

type Consumer = {
  clientId: number;
  userId: number;
  cookie: string;
  cardId: number;
  agent: http.Agent;
};
type World = {
  business: { cookie: string };
  consumers: Consumer[];
  /** Pins the load claims from, one after the other. */
  pins: number[];
  /** A pin of 4 cards that the load leaves alone. */
  sparePin: number;
  /** Cards issued while setting up. */
  cardsIssued: number;
};

/**
 * A funded business with pins, and `count` consumers signed in through the API, each holding a
 * card from a starter pin and a keep-alive connection of its own.
 */
async function buildWorld(
  baseUrl: string,
  database: DatabaseHandle,
  options: { consumers: number; pins: number; quantity: number },
): Promise<World> {
  const stores = await insertTestStores(database.db);
  const registered = await fetch(new URL('/api/register', baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(businessInput({ name: 'Fault Tolerant Coffee' })),
  });
  expect(registered.status).toBe(201);
  const business = { cookie: sessionCookie(registered) };
  // The test card goes to the provider's tokenisation endpoint; only its token pays.
  const card = await post(baseUrl, '', '/api/test-payments/tokens', {
    number: TEST_CARD_SUCCESS,
    expiry: futureExpiry(),
    cvc: '123',
  });
  expect(card.status).toBe(201);
  const funded = await post(baseUrl, business.cookie, '/api/wallet/add-funds', {
    amount: 10_000,
    paymentToken: card.body.token,
  });
  expect(funded.status).toBe(201);
  const createPin = async (quantity: number) => {
    const created = await post(baseUrl, business.cookie, '/api/pins', {
      brand: 'starbucks',
      value: PIN_VALUE,
      quantity,
      radius: 5,
      locationId: stores.starbucks,
      promotionMessage: '',
      targetIdentifiers: [],
      showBusinessInfo: true,
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  };
  const starter = await createPin(options.consumers);
  const pins: number[] = [];
  for (let index = 0; index < options.pins; index++) pins.push(await createPin(options.quantity));
  const sparePin = await createPin(4);

  // Consumers written directly (one password hash for all), signed in through the API.
  const rows = await insertConsumers(database.db, options.consumers);
  const consumers = await Promise.all(
    rows.map(async (row, clientId) => {
      const cookie = await signIn(baseUrl, row.username, TEST_PASSWORD);
      const claim = await post(baseUrl, cookie, `/api/pins/${starter}/claim`, {});
      expect(claim.status).toBe(201);
      const card = claim.body.giftCard as { id: number };
      return {
        clientId,
        userId: row.id,
        cookie,
        cardId: card.id,
        agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      };
    }),
  );
  return { business, consumers, pins, sparePin, cardsIssued: consumers.length };
}

/**
 * The requests one consumer makes, in turn: reads, a claim of the next pin, and a spend at the
 * business's counter (the consumer's code, then the business taking a cent with it). Each
 * request's outcome is handed back to the generator, so the counter can read the code.
 */
function* consumerRequests(
  consumer: Consumer,
  pins: number[],
  business: { cookie: string },
): Generator<RequestSpec, void, Outcome | undefined> {
  const { clientId, cookie } = consumer;
  for (let round = 0; ; round++) {
    const pin = pins[round % pins.length] ?? 0;
    yield {
      label: 'wallet',
      clientId,
      method: 'GET',
      path: '/api/gift-cards/consumer/wallet',
      cookie,
    };
    yield {
      label: 'claim',
      clientId,
      method: 'POST',
      path: `/api/pins/${pin}/claim`,
      cookie,
      body: {},
    };
    yield {
      label: 'unread',
      clientId,
      method: 'GET',
      path: '/api/notifications/unread-count',
      cookie,
    };
    const shown = yield {
      label: 'code',
      clientId,
      method: 'POST',
      path: `/api/gift-cards/${consumer.cardId}/redemption-code`,
      cookie,
      body: {},
    };
    if (shown?.status !== 201 || !shown.body) continue;
    yield {
      label: 'redeem',
      clientId,
      method: 'POST',
      path: '/api/redemptions',
      cookie: business.cookie,
      body: { code: (JSON.parse(shown.body) as { code: string }).code, amount: REDEEM_AMOUNT },
    };
  }
}

/**
 * Every consumer sends its requests one after the other on its keep-alive connection until
 * `running()` says stop; every outcome is recorded. After a refusal or a 503 a client waits a
 * moment, as a real one would, instead of spinning.
 */
async function runLoad(
  baseUrl: string,
  world: World,
  running: () => boolean,
  outcomes: Outcome[],
): Promise<void> {
  await Promise.all(
    world.consumers.map(async (consumer) => {
      const requests = consumerRequests(consumer, world.pins, world.business);
      let last: Outcome | undefined;
      while (running()) {
        const outcome = await send(
          baseUrl,
          consumer.agent,
          requests.next(last).value as RequestSpec,
        );
        last = outcome;
        outcomes.push(outcome);
        if (outcome.kind !== 'answered' || (outcome.status ?? 0) >= 500) await sleep(25);
      }
    }),
  );
}

/**
 * The database against what the clients were told. Every claim answered 201 issued its card and
 * every redemption answered 201 took its cent (`missing` lists those that did not); nothing else
 * took effect (`unexplained`) except, possibly, a write answered 503: a write can commit and the
 * request still fail on the way to its answer (`committedThough503` counts those).
 */
async function compareWithDatabase(database: DatabaseHandle, world: World, outcomes: Outcome[]) {
  const consumerOf = new Map(world.consumers.map((consumer) => [consumer.clientId, consumer]));
  const claimPins = new Set([...world.pins, world.sparePin]);
  const told = new Map<string, { ok: number; unavailable: number }>();
  for (const outcome of outcomes) {
    const consumer = consumerOf.get(outcome.clientId ?? -1);
    if (!consumer || (outcome.label !== 'claim' && outcome.label !== 'redeem')) continue;
    const key =
      outcome.label === 'claim'
        ? `claim ${consumer.userId} ${/\/pins\/(\d+)\//.exec(outcome.path)?.[1]}`
        : `redeem ${consumer.cardId}`;
    const entry = told.get(key) ?? { ok: 0, unavailable: 0 };
    if (outcome.status === 201 || outcome.status === 200) entry.ok += 1;
    if (outcome.status === 503) entry.unavailable += 1;
    told.set(key, entry);
  }
  const held = new Map<string, number>();
  const cards = await database.query<{ pin_id: number; claimed_by: number }>(
    'select pin_id, claimed_by from gift_cards where pin_id = any($1)',
    [[...claimPins]],
  );
  for (const card of cards) held.set(`claim ${card.claimed_by} ${card.pin_id}`, 1);
  const redeemed = await database.query<{ id: number; cents: string }>(
    `select g.id, g.value_cents - a.balance_cents as cents
       from gift_cards g join ledger_accounts a on a.gift_card_id = g.id where g.id = any($1)`,
    [world.consumers.map((consumer) => consumer.cardId)],
  );
  const centsPerRedemption = Math.round(REDEEM_AMOUNT * 100);
  for (const card of redeemed)
    held.set(`redeem ${card.id}`, Number(card.cents) / centsPerRedemption);

  const missing: string[] = [];
  const unexplained: string[] = [];
  let committedThough503 = 0;
  for (const key of new Set([...told.keys(), ...held.keys()])) {
    const { ok, unavailable } = told.get(key) ?? { ok: 0, unavailable: 0 };
    const inDatabase = held.get(key) ?? 0;
    if (inDatabase < ok) missing.push(`${key}: ${ok} acknowledged, ${inDatabase} in the database`);
    if (inDatabase > ok + unavailable) {
      unexplained.push(`${key}: ${ok} acknowledged, ${inDatabase} in the database`);
    }
    committedThough503 += Math.max(0, Math.min(inDatabase - ok, unavailable));
  }
  return { missing, unexplained, committedThough503 };
}

const describeOutcome = (outcome: Outcome) =>
  `${outcome.method} ${outcome.path} → ${outcome.status ?? outcome.error} ` +
  `(${Math.round(outcome.endedAt - outcome.startedAt)} ms${outcome.accepted ? ', accepted' : ''})`;

const balancedLedger = { entriesSum: 0, driftedAccounts: 0, negativeAccounts: 0 };

describe('faults', () => {
  it('a promise rejected with nobody awaiting it is logged and the server goes on; an uncaught exception stops it gracefully with code 1', async () => {
    const server = await startServer(
      await freshDatabase(),
      path.join(import.meta.dirname, '../testing/fault-injection.ts'),
    );
    expect(await health(server.baseUrl)).toBe(200);

    server.send('reject');
    await waitFor(
      'the rejection logged',
      () => server.output().includes('unhandled promise rejection'),
      5_000,
    );
    expect(server.output()).toContain('fault test: a promise rejected with nobody awaiting it');
    await sleep(200);
    expect(server.hasExited(), lastWords(server)).toBe(false);
    expect(await health(server.baseUrl)).toBe(200);

    server.send('throw');
    const exit = await Promise.race([server.exited, sleep(10_000).then(() => null)]);
    expect(exit).toMatchObject({ code: 1 });
    expect(server.output()).toContain('uncaught exception: stopping');
    expect(server.output()).toContain('finishing requests in flight');
  });

  it('a port already taken: the server says so and exits with code 1 instead of staying up unreachable', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'markit-faults-'));
    try {
      await expect(
        startServerProcess({
          env: serverEnvironment(await freshDatabase(), dataDirectory, port),
          readyTimeoutMs: 30_000,
        }),
      ).rejects.toThrow(
        new RegExp(
          `exited \\(1\\) before it was ready[\\s\\S]*cannot listen on 127\\.0\\.0\\.1:${port}`,
        ),
      );
    } finally {
      holder.close();
      fs.rmSync(dataDirectory, { recursive: true, force: true });
    }
  });

  it('SIGTERM under load: no new connections, every accepted request answered, pool closed, exit 0 within 10 s', async () => {
    const databaseUrl = await freshDatabase();
    // Named, so that its connections can be told from the test's own in pg_stat_activity.
    const applicationName = `markit_sigterm_${randomBytes(4).toString('hex')}`;
    const server = await startServer(`${databaseUrl}?application_name=${applicationName}`);
    const database = await createDatabase({ databaseUrl, poolSize: 2 });
    cleanups.push(() => database.close());
    const world = await buildWorld(server.baseUrl, database, {
      consumers: 24,
      pins: 8,
      quantity: 12,
    });

    // Requests that are certainly in flight when the signal comes: claims of a pin whose row the
    // test holds locked, so they wait inside Postgres until it lets go, after the signal.
    const slowPin = world.sparePin;
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    cleanups.push(() => locker.end());

    const outcomes: Outcome[] = [];
    let serverRunning = true;
    void server.exited.then(() => (serverRunning = false));
    const load = runLoad(server.baseUrl, world, () => serverRunning, outcomes);
    await sleep(2_000);

    const [lockerRow] = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows;
    await locker.query('begin');
    await locker.query('select id from pins where id = $1 for update', [slowPin]);
    const slowClaimers = world.consumers.slice(0, 4).map((consumer) => ({
      ...consumer,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
    }));
    const slowClaims = Promise.all(
      slowClaimers.map((consumer) =>
        send(server.baseUrl, consumer.agent, {
          label: 'claim',
          clientId: consumer.clientId,
          method: 'POST',
          path: `/api/pins/${slowPin}/claim`,
          cookie: consumer.cookie,
          body: {},
        }),
      ),
    );
    // The server's backends waiting on the test's lock, directly or queued behind one that is.
    const waitingOnTheLock = async () => {
      const rows = await database.query<{ waiting: string }>(
        `with recursive blocked(pid) as (
           select pid from pg_stat_activity where $2::int = any(pg_blocking_pids(pid))
           union
           select activity.pid from pg_stat_activity activity
             join blocked on blocked.pid = any(pg_blocking_pids(activity.pid)))
         select count(*) as waiting
           from blocked join pg_stat_activity using (pid) where application_name = $1`,
        [applicationName, lockerRow?.pid],
      );
      return Number(rows[0]?.waiting) >= slowClaimers.length;
    };
    await waitFor('the held claims waiting on the lock', waitingOnTheLock, 10_000);

    const signalledAt = performance.now();
    server.signal('SIGTERM');
    await sleep(500);
    // Still finishing the claims held in Postgres, and no longer taking connections.
    expect(server.hasExited(), lastWords(server)).toBe(false);
    const probe = await send(server.baseUrl, new http.Agent({ keepAlive: false }), {
      label: 'new connection',
      method: 'GET',
      path: '/api/health',
    });
    expect(probe).toMatchObject({ kind: 'refused', accepted: false });
    expect(probe.error).toMatch(/ECONNREFUSED/);

    await sleep(1_000);
    await locker.query('commit');
    const slow = await slowClaims;
    const exit = await Promise.race([server.exited, sleep(12_000).then(() => null)]);
    await load;

    expect(exit, lastWords(server)).toMatchObject({ code: 0 });
    expect((exit?.at ?? Infinity) - signalledAt).toBeLessThan(10_000);

    // The held claims were answered after the signal, each on a connection closed after it.
    for (const outcome of slow) {
      expect(outcome, describeOutcome(outcome)).toMatchObject({ kind: 'answered', accepted: true });
      expect([201, 409]).toContain(outcome.status);
      expect(outcome.headers?.connection).toBe('close');
    }
    // Every request the server accepted got a complete answer, and none was a 5xx; the others
    // were refused at the connection (after the signal).
    const failed = outcomes.filter(
      (outcome) => outcome.kind === 'failed' || (outcome.status ?? 0) >= 500,
    );
    expect(failed.map(describeOutcome)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.kind === 'refused');
    for (const outcome of refused) expect(outcome.endedAt).toBeGreaterThan(signalledAt);
    const answered = outcomes.filter((outcome) => outcome.kind === 'answered');
    expect(answered.length).toBeGreaterThan(50);
    expect(answered.filter((outcome) => outcome.endedAt > signalledAt).length).toBeGreaterThan(0);

    // The pool was closed: none of the server's connections is left.
    await waitFor(
      'no connection of the server left',
      async () => {
        const rows = await database.query<{ open: string }>(
          'select count(*) as open from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        return Number(rows[0]?.open) === 0;
      },
      2_000,
    );

    // What the clients were told is what the database holds, and the ledger balances.
    expect(await compareWithDatabase(database, world, [...outcomes, ...slow])).toEqual({
      missing: [],
      unexplained: [],
      committedThough503: 0,
    });
    expect(await checkLedger(database.db)).toEqual(balancedLedger);
    process.stdout.write(
      `SIGTERM: ${answered.length} answered (${answered.filter((o) => o.endedAt > signalledAt).length} after the signal), ${refused.length} refused, exit ${exit?.code} after ${Math.round((exit?.at ?? 0) - signalledAt)} ms\n`,
    );
  });

  it('Postgres restarted under load: 503 at once while it is down, success again within 5 s, the process survives, the money adds up', async () => {
    const postgres = await startPrivatePostgres();
    cleanups.push(() => postgres.destroy());
    const databaseUrl = await postgres.createDatabase('markit');
    const server = await startServer(databaseUrl);
    const database = await createDatabase({ databaseUrl, poolSize: 2 });
    cleanups.push(() => database.close());
    const world = await buildWorld(server.baseUrl, database, {
      consumers: 16,
      pins: 12,
      quantity: 16,
    });

    // The business's live notifications, open across the outage.
    const events: Array<{ at: number; data: string }> = [];
    let streamEnded = false;
    const stream = http.get(new URL('/api/notifications/stream', server.baseUrl), {
      headers: { Cookie: world.business.cookie },
    });
    stream.on('response', (response) => {
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^event: notification\ndata: (.*)$/m.exec(block)?.[1];
          if (data) events.push({ at: performance.now(), data });
        }
      });
      response.on('end', () => (streamEnded = true));
    });
    stream.on('error', () => (streamEnded = true));
    cleanups.push(async () => stream.destroy());

    const outcomes: Outcome[] = [];
    let loading = true;
    const load = runLoad(server.baseUrl, world, () => loading, outcomes);
    await sleep(1_500);

    const stoppingAt = performance.now();
    await postgres.stop();
    const downAt = performance.now();
    await sleep(3_000);
    const startingAt = performance.now();
    await postgres.start();
    const upAt = performance.now();
    await sleep(6_500);
    loading = false;
    await load;

    // The process survived.
    expect(server.hasExited(), lastWords(server)).toBe(false);
    // No request hung or lost its connection: each was answered, within 6 s.
    const unanswered = outcomes.filter((outcome) => outcome.kind !== 'answered');
    expect(unanswered.map(describeOutcome)).toEqual([]);
    const slow = outcomes.filter((outcome) => outcome.endedAt - outcome.startedAt > 6_000);
    expect(slow.map(describeOutcome)).toEqual([]);
    // Failures are 503 with a message, never a 500.
    const failures = outcomes.filter((outcome) => (outcome.status ?? 0) >= 500);
    expect(failures.filter((outcome) => outcome.status !== 503).map(describeOutcome)).toEqual([]);
    for (const outcome of failures) {
      expect(JSON.parse(outcome.body ?? '{}')).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      expect(outcome.headers?.['retry-after']).toBe('5');
    }
    // While Postgres was down, every request was answered 503.
    const duringOutage = outcomes.filter(
      (outcome) => outcome.startedAt > downAt && outcome.endedAt < startingAt,
    );
    expect(duringOutage.length).toBeGreaterThan(50);
    expect(duringOutage.filter((outcome) => outcome.status !== 503).map(describeOutcome)).toEqual(
      [],
    );
    // Within 5 s of Postgres being back, everything succeeds again.
    const recovered = outcomes.filter((outcome) => outcome.startedAt > upAt + 5_000);
    expect(recovered.length).toBeGreaterThan(50);
    expect(
      recovered.filter((outcome) => (outcome.status ?? 0) >= 500).map(describeOutcome),
    ).toEqual([]);
    const lastFailure = Math.max(...failures.map((outcome) => outcome.startedAt), stoppingAt);

    // It answers, and its live notifications flow again.
    expect(await health(server.baseUrl)).toBe(200);
    expect(streamEnded).toBe(false);
    expect(
      events.filter((event) => event.at > upAt && event.at < upAt + 5_000).length,
    ).toBeGreaterThan(0);

    // What the clients were told is what the database holds, and the ledger balances.
    const written = await compareWithDatabase(database, world, outcomes);
    expect(written.missing).toEqual([]);
    expect(written.unexplained).toEqual([]);
    expect(await checkLedger(database.db)).toEqual(balancedLedger);
    process.stdout.write(
      `Postgres restart: ${outcomes.length} requests, ${duringOutage.length} during the outage (all 503, slowest ${Math.round(Math.max(...duringOutage.map((o) => o.endedAt - o.startedAt)))} ms), last failure sent ${Math.round(lastFailure - upAt)} ms after Postgres was back, ${written.committedThough503} writes committed though answered 503, first notification after it ${Math.round((events.find((event) => event.at > upAt)?.at ?? NaN) - upAt)} ms\n`,
    );
  });
});
