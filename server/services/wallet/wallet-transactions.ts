import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type LedgerTransactionKind, type WalletTransactionKind } from '@shared/constants';
import { type WalletTransaction } from '@shared/schema/ledger';
import { ledgerTransactions } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { usableCardBalancesQuery } from '../gift-cards/list-consumer-gift-cards';
import { userFundsBalanceQuery } from '../ledger/accounts';
import { type Page } from '../../lib/list-answer';

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
function walletHistory(userId: SQLWrapper) {
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

type SummaryColumns = {
  received: string | number;
  sent: string | number;
  this_month: string | number;
  total: string | number;
};

/** A page row joined to the summary of the whole history; `on_page` is null past the end. */
type PageRow = SummaryColumns & { [K in keyof HistoryRow]: HistoryRow[K] | null } & {
  on_page: boolean | null;
};

/** What the wallet's balance is made of: a consumer's usable cards, or a business's funds. */
export type BalanceSource = 'cards' | 'funds';

/**
 * The user's movements, once: the summary of all of them (sums, this month's net, count) and one
 * page, newest first, in one statement. The history is materialized so it is computed once.
 * Prepared per page size and balance (a handful of shapes): its planning cost as much as its run.
 * OFFSET is a parameter: the rows are one user's, so the generic plan reads their range either way.
 */
const historyPage = preparedQuery<
  PageRow & { balance_cents: string | number | null },
  `${BalanceSource | 'none'}_${number}`
>('wallet_history', (variant, db) => {
  const [source, limit] = variant.split('_') as [BalanceSource | 'none', string];
  const userId = sql.placeholder('userId');
  const balance =
    source === 'cards'
      ? usableCardBalancesQuery(db, userId)
      : source === 'funds'
        ? userFundsBalanceQuery(db, userId)
        : null;
  return sql`with history as materialized (${walletHistory(userId)})
      select summary.*, page.*
      from (
        select
          coalesce(sum(amount_cents) filter (where direction = 'received'), 0) as received,
          coalesce(sum(amount_cents) filter (where direction = 'sent'), 0) as sent,
          coalesce(sum(case when direction = 'received' then amount_cents else -amount_cents end)
            filter (where created_at >= date_trunc('month', now(), 'UTC')), 0) as this_month,
          count(*) as total,
          ${balance ? sql`(${balance})` : sql`null`} as balance_cents
        from history
      ) summary
      left join lateral (
        select true as on_page, history.* from history
        order by created_at desc, id desc
        limit ${sqlInteger(Number(limit))} offset ${sql.placeholder('offset')}
      ) page on true`;
});

async function readHistory(
  db: Executor,
  userId: number,
  { limit, offset, balance }: { limit: number; offset: number; balance?: BalanceSource },
) {
  const rows = await historyPage(db, `${balance ?? 'none'}_${limit}`, { userId, offset });
  const first = rows[0];
  const items: WalletTransaction[] = rows
    .filter((row) => row.on_page)
    .map((row) => ({
      id: String(row.id),
      kind: row.kind as WalletTransactionKind,
      description: String(row.description),
      type: row.direction as HistoryRow['direction'],
      date: new Date(row.created_at as string | Date).toISOString(),
      amount: centsToDollars(Number(row.amount_cents)),
      status: row.status as WalletTransaction['status'],
    }));
  return {
    items,
    balanceCents: Number(first?.balance_cents ?? 0),
    summary: {
      received: centsToDollars(Number(first?.received ?? 0)),
      sent: centsToDollars(Number(first?.sent ?? 0)),
      thisMonth: centsToDollars(Number(first?.this_month ?? 0)),
      totalTransactions: Number(first?.total ?? 0),
    },
  };
}

/** A page of the user's movements, newest first. */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<WalletTransaction>> {
  const { items, summary } = await readHistory(db, userId, { limit, offset: (page - 1) * limit });
  return { items, page, limit, total: summary.totalTransactions };
}

/**
 * Everything the wallet page shows in one statement: the balance (of the user's usable cards, or
 * of their funds), sent, received, this month's net change (dollars), the number of movements,
 * and the `recent` latest movements.
 */
export async function readWalletOverview(
  db: Executor,
  userId: number,
  { balance, recent }: { balance: BalanceSource; recent: number },
) {
  return readHistory(db, userId, { limit: recent, offset: 0, balance });
}
