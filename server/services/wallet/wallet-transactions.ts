import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import {
  ledgerTransactions,
  type LedgerTransactionKind,
  type WalletTransaction,
  type WalletTransactionKind,
  type WalletTransactionPage,
} from '@shared/schema/ledger';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/** Which way each kind of movement goes for the user who made it. */
const INCOMING: ReadonlySet<LedgerTransactionKind> = new Set(['add_funds', 'pin_refund', 'claim']);
const incomingKinds = sql.raw(`('add_funds', 'pin_refund', 'claim')`);

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
    id: `t${row.id}`,
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

/**
 * Everything that moved value in or out of the user's wallet, one row each: their ledger
 * transactions (funds, pins, claims, redemptions) and the gift cards they gave or were given
 * (a gift moves a card, not money between accounts, so it is recorded in `gifts`).
 */
function walletHistory(userId: number) {
  return sql`
    select 't' || t.id::text as id, t.kind, t.description, t.amount_cents, t.status, t.created_at,
           case when t.kind in ${incomingKinds} then 'received' else 'sent' end as direction
    from ledger_transactions t
    where t.user_id = ${userId}
    union all
    select 'gs' || g.id::text, 'gift_sent', b.name || ' gift card sent to ' || r.name, g.value_cents,
           'completed', g.created_at, 'sent'
    from gifts g
    join users r on r.id = g.recipient_id
    join gift_cards c on c.id = g.gift_card_id
    join brands b on b.id = c.brand_id
    where g.sender_id = ${userId}
    union all
    select 'gr' || g.id::text, 'gift_received', b.name || ' gift card from ' || g.sender_name,
           g.value_cents, 'completed', g.created_at, 'received'
    from gifts g
    join gift_cards c on c.id = g.gift_card_id
    join brands b on b.id = c.brand_id
    where g.recipient_id = ${userId}`;
}

type HistoryRow = {
  id: string;
  kind: WalletTransactionKind;
  description: string;
  amount_cents: number | string;
  status: WalletTransaction['status'];
  created_at: string | Date;
  direction: 'received' | 'sent';
};

/** A page of the user's movements, newest first. */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<WalletTransactionPage> {
  const [rows, totals] = await Promise.all([
    queryRows<HistoryRow>(
      db,
      sql`select * from (${walletHistory(userId)}) history
        order by created_at desc, id desc
        limit ${limit} offset ${(page - 1) * limit}`,
    ),
    queryRows<{ total: number | string }>(
      db,
      sql`select count(*) as total from (${walletHistory(userId)}) history`,
    ),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      description: row.description,
      type: row.direction,
      date: new Date(row.created_at).toISOString(),
      amount: centsToDollars(Number(row.amount_cents)),
      status: row.status,
    })),
    page,
    limit,
    total: Number(totals[0]?.total ?? 0),
  };
}

/** Sent, received, this month's net change (dollars) and the number of movements. */
export async function summarizeWallet(db: Executor, userId: number) {
  const [row] = await queryRows<{
    received: string | number;
    sent: string | number;
    this_month: string | number;
    total: string | number;
  }>(
    db,
    sql`select
        coalesce(sum(amount_cents) filter (where direction = 'received'), 0) as received,
        coalesce(sum(amount_cents) filter (where direction = 'sent'), 0) as sent,
        coalesce(sum(case when direction = 'received' then amount_cents else -amount_cents end)
          filter (where created_at >= date_trunc('month', now(), 'UTC')), 0) as this_month,
        count(*) as total
      from (${walletHistory(userId)}) history`,
  );
  return {
    received: centsToDollars(Number(row?.received ?? 0)),
    sent: centsToDollars(Number(row?.sent ?? 0)),
    thisMonth: centsToDollars(Number(row?.this_month ?? 0)),
    totalTransactions: Number(row?.total ?? 0),
  };
}
