import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries } from '@shared/tables/ledger';
import { queryRows } from '../../db/query-rows';
import { businessInput, registerAs } from '../../testing/factories';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { type LedgerAccount } from './accounts';
import { NothingTaken, postTransaction, postTransactionExceptHot } from './post-transaction';

/**
 * A movement whose hot account (a pin's reserve under a crowd) is applied last, in the same
 * statement as the one that locks its elder (the pin's row), and committed with it: the
 * statement's row decides whether the value moves at all.
 */

let context: TestContext;
let nextPinId = 900_000;

beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

/** A reserve holding `reserveCents` and an empty card account (pin ids with no pin: none is read). */
async function accounts(reserveCents: number) {
  const [reserve, card] = await context.database.db
    .insert(ledgerAccounts)
    .values([
      { kind: 'pin_reserve', pinId: nextPinId++, balanceCents: reserveCents },
      { kind: 'pin_reserve', pinId: nextPinId++ },
    ])
    .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
  return { reserve: reserve as LedgerAccount, card: card as LedgerAccount };
}

async function balances(...ids: number[]) {
  const rows = await context.database.db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.balance);
}

/** Moves `cents` from the reserve to the card; `elder` is the statement run with the reserve's. */
function move(
  reserve: LedgerAccount,
  card: LedgerAccount,
  cents: number,
  elder: ReturnType<typeof sql>,
) {
  return context.database.db.transaction(async (tx) => {
    const posted = await postTransactionExceptHot(
      tx,
      {
        kind: 'claim',
        userId: null,
        amountCents: cents,
        description: 'test movement',
        entries: [
          { account: reserve, amountCents: -cents },
          { account: card, amountCents: cents },
        ],
      },
      reserve,
    );
    const row = await posted.applyHotAndCommit<{ remaining: number }>(elder);
    return { id: posted.id, row };
  });
}

describe('postTransactionExceptHot', () => {
  it("applies the hot account once its elder's statement answers a row, and answers that row", async () => {
    const { reserve, card } = await accounts(1_000);
    const { row, id } = await move(reserve, card, 250, sql`select 4 as remaining`);
    expect(row).toEqual({ remaining: 4 });
    expect(await balances(reserve.id, card.id)).toEqual([750, 250]);
    const entries = await context.database.db
      .select({ account: ledgerEntries.accountId, cents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, id));
    expect(entries).toHaveLength(2);
  });

  it('moves nothing, and rolls the whole movement back, when the elder answers no row', async () => {
    const { reserve, card } = await accounts(1_000);
    await expect(
      move(reserve, card, 250, sql`select 4 as remaining where false`),
    ).rejects.toBeInstanceOf(NothingTaken);
    // The card's side was written before the hot statement: it went with the rollback.
    expect(await balances(reserve.id, card.id)).toEqual([1_000, 0]);
  });

  it('refuses a movement that would take the hot account below zero, and it rolls back whole', async () => {
    const { reserve, card } = await accounts(100);
    await expect(move(reserve, card, 250, sql`select 4 as remaining`)).rejects.toThrow(
      'Insufficient funds',
    );
    expect(await balances(reserve.id, card.id)).toEqual([100, 0]);
  });

  it('applies the hot account only once, and commits with it: what the callback does after is not part of the movement', async () => {
    const { reserve, card } = await accounts(1_000);
    await expect(
      context.database.db.transaction(async (tx) => {
        const posted = await postTransactionExceptHot(
          tx,
          {
            kind: 'claim',
            userId: null,
            amountCents: 100,
            description: 'test movement',
            entries: [
              { account: reserve, amountCents: -100 },
              { account: card, amountCents: 100 },
            ],
          },
          reserve,
        );
        await posted.applyHotAndCommit(sql`select 1 as remaining`);
        await posted.applyHotAndCommit(sql`select 1 as remaining`);
      }),
    ).rejects.toThrow('applied to account');
    expect(await balances(reserve.id, card.id)).toEqual([900, 100]);
  });
});

describe('postTransaction', () => {
  // A movement records its transaction (which writes the user's month of wallet totals) after
  // moving every balance, so a business's movements meet at its funds first. When the record came
  // first, a spend at the counter held the month while it waited for the funds a payout held, and
  // the payout waited for the month: Postgres aborted one ("deadlock detected").
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a spend at a business's counter and the business's payout at once: both go through",
    async () => {
      const agent = context.agent();
      await registerAs(agent, businessInput());
      const businessId = (await agent.get('/api/user')).body.id as number;
      // The card's account older than the business's funds (a card claimed before its first spend
      // there), and where the payout goes.
      const [card, funds, bank] = (await context.database.db
        .insert(ledgerAccounts)
        .values([
          { kind: 'pin_reserve', pinId: nextPinId++, balanceCents: 1_000 },
          { kind: 'user_funds', userId: businessId, balanceCents: 1_000 },
          { kind: 'pin_reserve', pinId: nextPinId++ },
        ])
        .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })) as LedgerAccount[];
      const movement = (kind: 'redeem' | 'withdraw', from: LedgerAccount, to: LedgerAccount) => ({
        kind,
        userId: businessId,
        amountCents: 100,
        description: `test ${kind}`,
        entries: [
          { account: from, amountCents: -100 },
          { account: to, amountCents: 100 },
        ],
      });

      let spend: Promise<number> | undefined;
      await context.database.db.transaction(async (tx) => {
        // The payout holds the funds while the spend starts and waits for them.
        await tx.execute(sql`select 1 from ledger_accounts where id = ${funds!.id} for update`);
        spend = context.database.db.transaction((other) =>
          postTransaction(other, movement('redeem', card!, funds!)),
        );
        for (let tries = 0; ; tries += 1) {
          const [waiting] = await queryRows<{ count: string }>(
            tx,
            sql`select count(*) from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          );
          if (Number(waiting!.count) > 0) break;
          if (tries > 100) throw new Error('the spend never waited');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await postTransaction(tx, movement('withdraw', funds!, bank!));
      });
      await spend;

      expect(await balances(card!.id, funds!.id, bank!.id)).toEqual([900, 1_000, 100]);
      const [month] = await queryRows<{ movements: number }>(
        context.database.db,
        sql`select movements from wallet_ledger_months where user_id = ${businessId}`,
      );
      expect(month).toEqual({ movements: 2 });
    },
  );
});
