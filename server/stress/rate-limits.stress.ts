import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConsumers } from '../testing/gift-cards';
import { createTestContext, type TestContext } from '../testing/test-app';

// Sign-in limits under a crowd of wrong passwords, on the real Postgres (`npm run test:stress`):
// whatever the interleaving, no more passwords are checked than the limits allow, per account
// from one address, per account from every address and per address.
if (!process.env.TEST_DATABASE_URL) {
  throw new Error('The stress tests run on a real Postgres: set TEST_DATABASE_URL');
}

const ACCOUNTS = 20;
const ADDRESSES = 5;
const REQUESTS = 200;
const PER_ACCOUNT_HERE = 4;
const PER_ACCOUNT = 10;
const PER_ADDRESS = 30;

let context: TestContext;
let usernames: string[];
beforeAll(async () => {
  // Behind one proxy, so each request names its client address in X-Forwarded-For.
  context = await createTestContext({
    trustProxy: 'loopback',
    rateLimits: {
      loginPerAccount: PER_ACCOUNT_HERE,
      loginPerAccountAnyAddress: PER_ACCOUNT,
      loginPerAddress: PER_ADDRESS,
    },
  });
  usernames = (await insertConsumers(context.database.db, ACCOUNTS)).map((row) => row.username);
});
afterAll(async () => {
  await context.close();
});

/** A small deterministic generator (mulberry32), so a failure can be run again as it was. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((((mixed ^ (mixed >>> 14)) >>> 0) / 2 ** 32) * below) >>> 0;
  };
}

describe('sign-in limits under 200 wrong passwords at once', () => {
  it('never checks more than the limits allow, per account and address, per account and per address', async () => {
    const random = seeded(20_240_611);
    // Half the requests go to four accounts, so that the per-account ceilings are reached too.
    const attempts = Array.from({ length: REQUESTS }, (_, index) => ({
      account: index % 2 === 0 ? random(4) : random(ACCOUNTS),
      address: `203.0.113.${random(ADDRESSES) + 1}`,
    }));
    const answers = await Promise.all(
      attempts.map(({ account, address }) =>
        request(context.app)
          .post('/api/login')
          .set('X-Forwarded-For', address)
          .send({ identifier: usernames[account], password: 'wrong-password-1' }),
      ),
    );

    const checked = { pair: new Map<string, number>(), account: new Map<number, number>() };
    const byAddress = new Map<string, number>();
    const add = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
    answers.forEach((answer, index) => {
      const { account, address } = attempts[index]!;
      expect([401, 429]).toContain(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        return;
      }
      add(checked.pair, `${account}@${address}`);
      add(checked.account, account);
      add(byAddress, address);
    });

    expect(Math.max(...checked.pair.values())).toBeLessThanOrEqual(PER_ACCOUNT_HERE);
    expect(Math.max(...checked.account.values())).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(Math.max(...byAddress.values())).toBeLessThanOrEqual(PER_ADDRESS);
    // The crowd was big enough for the limits to matter: some were refused, many were checked.
    const refused = answers.filter((answer) => answer.status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(REQUESTS - refused).toBeGreaterThan(REQUESTS / 4);
  });
});
