import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { type LedgerAccountKind } from '@shared/constants';
import { ledgerAccounts } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';
import { equalsLiteral } from '../../db/sql-literals';

export type LedgerAccount = { id: number; kind: LedgerAccountKind };

/** The user's funds account, created on first use. */
export async function getUserFundsAccount(tx: Executor, userId: number): Promise<LedgerAccount> {
  await tx
    .insert(ledgerAccounts)
    .values({ kind: 'user_funds', userId })
    .onConflictDoNothing({ target: ledgerAccounts.userId, where: sql`kind = 'user_funds'` });
  const [account] = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.userId, userId), equalsLiteral(ledgerAccounts.kind, 'user_funds')),
    );
  if (!account) throw new Error(`No funds account for user ${userId}`);
  return account;
}

/** The statement reading the user's funds balance (also usable as a scalar subquery). */
export const userFundsBalanceQuery = (tx: Executor, userId: number | SQLWrapper) =>
  tx
    .select({ balance: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.userId, userId), equalsLiteral(ledgerAccounts.kind, 'user_funds')),
    );

/** The balance of a user's funds in cents (0 before the first movement). */
export async function getUserFundsBalance(tx: Executor, userId: number): Promise<number> {
  const [row] = await userFundsBalanceQuery(tx, userId);
  return row?.balance ?? 0;
}

export async function createPinReserveAccount(tx: Executor, pinId: number): Promise<LedgerAccount> {
  const [account] = await tx
    .insert(ledgerAccounts)
    .values({ kind: 'pin_reserve', pinId })
    .returning({ id: ledgerAccounts.id, kind: ledgerAccounts.kind });
  if (!account) throw new Error(`Could not open a reserve for pin ${pinId}`);
  return account;
}

/**
 * The pin's reserve account, locked for this transaction, with its balance. NO KEY UPDATE, the
 * lock an update of the balance takes anyway: it waits for other movements of the reserve, not
 * for claims that have written entries on it but not yet reached the pin (a full FOR UPDATE
 * would wait on those entries' key-share lock while the claim waits on our pin row: deadlock).
 */
export async function lockPinReserveAccount(
  tx: Executor,
  pinId: number,
): Promise<LedgerAccount & { balanceCents: number }> {
  const [account] = await tx
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      balanceCents: ledgerAccounts.balanceCents,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.pinId, pinId))
    .for('no key update');
  if (!account) throw new Error(`No reserve account for pin ${pinId}`);
  return account;
}

/** A system account (where value enters or leaves the platform), created on first use. */
export async function getSystemAccount(tx: Executor, code: string): Promise<LedgerAccount> {
  await tx
    .insert(ledgerAccounts)
    .values({ kind: 'system', systemCode: code })
    .onConflictDoNothing({
      target: ledgerAccounts.systemCode,
      where: sql`system_code is not null`,
    });
  const [account] = await tx
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.systemCode, code));
  if (!account) throw new Error(`No system account ${code}`);
  return account;
}
