import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerEntries } from '@shared/tables/ledger';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { type LedgerAccount } from './accounts';
import { NothingTaken, postTransactionExceptHot } from './post-transaction';

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
