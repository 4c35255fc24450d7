import { sql } from 'drizzle-orm';
import { ledgerAccounts, ledgerEntries } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';

export type LedgerCheck = {
  /** Sum of every entry ever written: always 0 in a healthy ledger. */
  entriesSum: number;
  /** Non-system accounts whose running balance differs from the sum of their entries. */
  driftedAccounts: number;
  /** Non-system accounts below zero. */
  negativeAccounts: number;
};

/** The ledger's invariants, as one query each; tests and the health check read them. */
export async function checkLedger(db: Executor): Promise<LedgerCheck> {
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries);
  const [accounts] = await db
    .select({
      drifted: sql<string>`count(*) filter (where ${ledgerAccounts.balanceCents} <> coalesce((select sum(e.amount_cents) from ledger_entries e where e.account_id = ledger_accounts.id), 0))`,
      negative: sql<string>`count(*) filter (where ${ledgerAccounts.balanceCents} < 0)`,
    })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.kind} <> 'system'`);
  return {
    entriesSum: Number(sum?.total ?? 0),
    driftedAccounts: Number(accounts?.drifted ?? 0),
    negativeAccounts: Number(accounts?.negative ?? 0),
  };
}
