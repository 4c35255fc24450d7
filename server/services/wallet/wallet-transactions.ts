import { and, count, desc, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  ledgerTransactions,
  type LedgerTransactionKind,
  type WalletTransaction,
  type WalletTransactionPage,
} from '@shared/schema/ledger';
import { type Executor } from '../../db/client';

/** Which way each kind of movement goes for the user who made it. */
const INCOMING: ReadonlySet<LedgerTransactionKind> = new Set(['add_funds', 'pin_refund']);
const incomingKinds = sql.raw(`('add_funds', 'pin_refund')`);

const walletColumns = {
  id: ledgerTransactions.id,
  kind: ledgerTransactions.kind,
  description: ledgerTransactions.description,
  amountCents: ledgerTransactions.amountCents,
  status: ledgerTransactions.status,
  createdAt: ledgerTransactions.createdAt,
};

type Row = {
  id: number;
  kind: LedgerTransactionKind;
  description: string;
  amountCents: number;
  status: 'completed' | 'pending' | 'failed';
  createdAt: Date;
};

export function toWalletTransaction(row: Row): WalletTransaction {
  return {
    id: row.id,
    kind: row.kind,
    description: row.description,
    type: INCOMING.has(row.kind) ? 'received' : 'sent',
    date: new Date(row.createdAt).toISOString(),
    amount: centsToDollars(row.amountCents),
    status: row.status,
  };
}

export async function findWalletTransaction(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select(walletColumns)
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.id, id)));
  return row ? toWalletTransaction(row) : null;
}

export async function findByIdempotencyKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select(walletColumns)
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.userId, userId), eq(ledgerTransactions.idempotencyKey, key)));
  return row ? toWalletTransaction(row) : null;
}

/** A page of the user's movements, newest first. */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<WalletTransactionPage> {
  const [rows, totals] = await Promise.all([
    db
      .select(walletColumns)
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.userId, userId))
      .orderBy(desc(ledgerTransactions.createdAt), desc(ledgerTransactions.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ total: count() })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.userId, userId)),
  ]);
  return { items: rows.map(toWalletTransaction), page, limit, total: totals[0]?.total ?? 0 };
}

/** Sent, received, this month's net change (dollars) and the number of movements. */
export async function summarizeWallet(db: Executor, userId: number) {
  const [row] = await db
    .select({
      received: sql<string>`coalesce(sum(${ledgerTransactions.amountCents}) filter (where ${ledgerTransactions.kind} in ${incomingKinds}), 0)`,
      sent: sql<string>`coalesce(sum(${ledgerTransactions.amountCents}) filter (where ${ledgerTransactions.kind} not in ${incomingKinds}), 0)`,
      thisMonth: sql<string>`coalesce(sum(case when ${ledgerTransactions.kind} in ${incomingKinds} then ${ledgerTransactions.amountCents} else -${ledgerTransactions.amountCents} end) filter (where ${ledgerTransactions.createdAt} >= date_trunc('month', now())), 0)`,
      total: count(),
    })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.userId, userId));
  return {
    received: centsToDollars(Number(row?.received ?? 0)),
    sent: centsToDollars(Number(row?.sent ?? 0)),
    thisMonth: centsToDollars(Number(row?.thisMonth ?? 0)),
    totalTransactions: Number(row?.total ?? 0),
  };
}
