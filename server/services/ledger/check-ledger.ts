import { sql } from 'drizzle-orm';
import { SYSTEM_ACCOUNTS } from '@shared/schema/ledger';
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

export type Conservation = {
  /** What the platform holds for people: every card, business balance and pin reserve. */
  heldCents: number;
  /** Card payments taken in, less payouts made, as payment clearing recorded them. */
  paymentsNetCents: number;
  /** Entries on any system account but payment clearing: value that came from nowhere. */
  otherSystemEntries: number;
};

/**
 * Value is conserved when what the platform holds equals what was paid in less what was paid out:
 * every dollar entered through payment clearing (a card payment) and left through it (a payout),
 * and moved only between held accounts in between (pins, claims, gifts, spends, refunds).
 */
export async function checkConservation(db: Executor): Promise<Conservation> {
  const [held] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.kind} <> 'system'`);
  const [system] = await db
    .select({
      clearing: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerAccounts.systemCode} = ${SYSTEM_ACCOUNTS.paymentClearing}), 0)`,
      others: sql<string>`count(*) filter (where ${ledgerAccounts.systemCode} is distinct from ${SYSTEM_ACCOUNTS.paymentClearing})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, sql`${ledgerAccounts.id} = ${ledgerEntries.accountId}`)
    .where(sql`${ledgerAccounts.kind} = 'system'`);
  return {
    heldCents: Number(held?.total ?? 0),
    // A payment in is a debit of clearing (negative), a payout a credit.
    paymentsNetCents: -Number(system?.clearing ?? 0),
    otherSystemEntries: Number(system?.others ?? 0),
  };
}
