import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LEDGER_TRANSACTION_KINDS } from '@shared/constants';
import { queryRows } from '../../db/query-rows';
import { businessInput, registerAs } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { INCOMING } from './wallet-transactions';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

// The wallet reads a transaction's direction from its kind (INCOMING, and a spend at the counter
// apart); the trigger that adds the ledger up per month names the same kinds in SQL. A kind added
// to one and not the other would make the wallet's "this month" wrong without an error.
it('adds up every kind of ledger transaction in the direction the wallet reads it', async () => {
  const agent = context.agent();
  await registerAs(agent, businessInput());
  const userId = (await agent.get('/api/user')).body.id as number;
  // One transaction of each kind, each of its own amount (a power of two, so each sum tells
  // which kinds it holds).
  const amounts = LEDGER_TRANSACTION_KINDS.map((kind, index) => ({ kind, cents: 2 ** index }));
  const sum = (keep: (kind: string) => boolean) =>
    amounts.filter(({ kind }) => keep(kind)).reduce((total, { cents }) => total + cents, 0);
  await context.database.db.execute(sql`insert into ledger_transactions
      (kind, user_id, amount_cents, description)
    values ${sql.join(
      amounts.map(({ kind, cents }) => sql`(${kind}, ${userId}, ${cents}, 'By hand')`),
      sql`, `,
    )}`);
  const months = () =>
    queryRows<Record<string, string | number>>(
      context.database.db,
      sql`select movements, claims, claim_cents, incoming_cents, redeem_cents, outgoing_cents
          from wallet_ledger_months where user_id = ${userId}`,
    );
  const [month] = await months();
  expect(
    Object.fromEntries(Object.entries(month!).map(([key, value]) => [key, Number(value)])),
  ).toEqual({
    movements: LEDGER_TRANSACTION_KINDS.length,
    claims: 1,
    claim_cents: sum((kind) => kind === 'claim'),
    incoming_cents: sum((kind) => INCOMING.has(kind as never)),
    redeem_cents: sum((kind) => kind === 'redeem'),
    outgoing_cents: sum((kind) => !INCOMING.has(kind as never) && kind !== 'redeem'),
  });
  await context.database.db.execute(
    sql`delete from ledger_transactions where user_id = ${userId} and description = 'By hand'`,
  );
  expect(await months()).toEqual([]);
});
