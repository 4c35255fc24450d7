import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '@shared/money';
import { type LedgerTransactionKind, type WalletTransactionKind } from '@shared/constants';
import { type WalletTransaction } from '@shared/schema/ledger';
import { ledgerTransactions } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { holderAtEvent } from '../gift-cards/get-card-history';
import { usableCardBalancesQuery } from '../gift-cards/list-consumer-gift-cards';
import { issuedByPinsSql } from '../pins/issued-cards';
import { placeOf, spentSentence } from '../gift-cards/present-card-activity';
import { userFundsBalanceQuery } from '../ledger/accounts';
import { type Page } from '../../lib/list-answer';

/**
 * Which way each kind of movement goes for the user it names: what comes into the wallet (a
 * top-up, a pin's unclaimed value back, a claimed card, an expired card's value back to its
 * business). A spend at a business's counter ('redeem') comes into that business's wallet; the
 * holder's wallet reads it from the card's history (see otherHistory). The trigger that keeps
 * `wallet_ledger_months` (migration 0033) counts the same kinds as incoming; a test holds the two
 * together.
 */
export const INCOMING: ReadonlySet<LedgerTransactionKind> = new Set([
  'add_funds',
  'pin_refund',
  'claim',
  'card_expiry',
]);
const incomingKinds = sql.raw(`(${[...INCOMING].map((kind) => `'${kind}'`).join(', ')})`);

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

/** Whether the user is a business: a spend at its counter comes into its wallet. */
const isBusiness = (userId: SQLWrapper) =>
  sql`exists (select 1 from users u where u.id = ${userId} and u.type = 'business')`;

/**
 * Everything that moved value in or out of the user's wallet, one row each: their ledger
 * transactions (funds, pins, claims, spends at their counter, expired cards' value back), the gift
 * cards they gave or were given (a gift moves a card, not money between accounts, so it is
 * recorded in `gifts`), and what left the cards they held: spends at a counter and an expired
 * promotional card's value going back to its business. Those are the business's ledger
 * transactions, so they are read from the cards' histories: the spends and refunds of every card
 * the user holds or gave away, kept when the user held the card at the time (holderAtEvent).
 * `gift` says which rows are gifts: the Activity Summary's Sent and Received count only them (and
 * a consumer's claimed cards), never a top-up, a spend or a withdrawal.
 *
 * The ledger's rows are the ones a business has by the million (every spend at its counters), so
 * they come in two parts: `ledgerHistory`, the newest `through` of them in the history's order (a
 * range of the user's index; rows sharing the last one's time sorted by their text id), and the
 * totals of `wallet_ledger_months` for the summary. The other rows are a person's own gifts and
 * cards, read whole (`otherHistory`).
 */
function ledgerHistory(userId: SQLWrapper, through: SQLWrapper) {
  return sql`
    select 't' || t.id::text as id, t.kind, t.description, t.amount_cents, t.status, t.created_at,
           case when t.kind in ${incomingKinds} or (t.kind = 'redeem' and ${isBusiness(userId)})
                then 'received' else 'sent' end as direction,
           case when t.kind = 'claim' then 'received' end as gift,
           null::text as activity, null::text as store_name, null::text as store_brand,
           null::text as business_name, null::text as brand_name
    from ledger_transactions t
    where t.user_id = ${userId}
    order by t.created_at desc, 't' || t.id::text desc
    limit ${through}`;
}

function otherHistory(userId: SQLWrapper) {
  return sql`
    select 'gs' || g.id::text as id, 'gift_sent' as kind,
           b.name || ' gift card sent to ' || r.name as description, g.value_cents as amount_cents,
           'completed' as status, g.created_at, 'sent' as direction, 'sent' as gift,
           null::text as activity, null::text as store_name, null::text as store_brand,
           null::text as business_name, null::text as brand_name
    from gifts g
    join users r on r.id = g.recipient_id
    join gift_cards c on c.id = g.gift_card_id
    join brands b on b.id = c.brand_id
    where g.sender_id = ${userId}
    union all
    select 'gr' || g.id::text, 'gift_received', b.name || ' gift card from ' || g.sender_name,
           g.value_cents, 'completed', g.created_at, 'received', 'received', null, null, null, null,
           null
    from gifts g
    join gift_cards c on c.id = g.gift_card_id
    join brands b on b.id = c.brand_id
    where g.recipient_id = ${userId}
    union all
    select case when a.ledger_transaction_id is null then 'a' || a.id::text
                else 't' || a.ledger_transaction_id::text end,
           case when a.kind = 'spent' then 'redeem' else 'card_expiry' end,
           '', a.amount_cents, 'completed', a.created_at, 'sent', null, a.kind, store.name,
           store.brand_id, business.name, b.name
    from gift_card_activities a
    join gift_cards c on c.id = a.gift_card_id
    join brands b on b.id = c.brand_id
    left join stores store on store.id = a.store_id
    left join users business on business.id = a.business_id
    where a.gift_card_id in (
            select held.id from gift_cards held where held.owner_id = ${userId}
            union
            select given.gift_card_id from gifts given where given.sender_id = ${userId})
      and a.kind in ('spent', 'refunded')
      and a.amount_cents > 0
      and ${holderAtEvent('a', sql`a.gift_card_id`, sql`c.owner_id`)} = ${userId}
      -- A spend the user's own ledger already lists (a card they spent themselves) is listed once.
      and not exists (select 1 from ledger_transactions own
                      where own.id = a.ledger_transaction_id and own.user_id = ${userId})`;
}

type HistoryRow = {
  id: string;
  kind: WalletTransactionKind;
  description: string;
  amount_cents: number | string;
  status: WalletTransaction['status'];
  created_at: string | Date;
  direction: 'received' | 'sent';
  /** For what left a card the user held: the card's event, and the names its line mentions. */
  activity: 'spent' | 'refunded' | null;
  store_name: string | null;
  store_brand: string | null;
  business_name: string | null;
  brand_name: string | null;
};

type SummaryColumns = {
  received: string | number;
  sent: string | number;
  this_month: string | number;
  total: string | number;
  gifts: string | number;
};

/** A page row joined to the summary of the whole history; `on_page` is null past the end. */
type PageRow = SummaryColumns & { [K in keyof HistoryRow]: HistoryRow[K] | null } & {
  on_page: boolean | null;
};

/** What the wallet's balance is made of: a consumer's usable cards, or a business's funds. */
export type BalanceSource = 'cards' | 'funds';

/**
 * The user's movements, once: the summary of all of them (sums, this month's net, count) and one
 * page, newest first, in one statement. The ledger's part of the summary is its monthly totals
 * (wallet_ledger_months, kept by triggers); its part of the page the newest `offset + limit` of
 * its rows, merged with the user's gifts and cards' rows (materialized: read once for the summary
 * and the page). Prepared per page size and balance (a handful of shapes): its planning cost as
 * much as its run. OFFSET is a parameter: the rows are one user's, so the generic plan reads their
 * range either way.
 */
const historyPage = preparedQuery<
  PageRow & { balance_cents: string | number | null },
  `${BalanceSource | 'none'}_${number}`
>('wallet_history', (variant, db) => {
  const [source, size] = variant.split('_') as [BalanceSource | 'none', string];
  const limit = sqlInteger(Number(size));
  const userId = sql.placeholder('userId');
  const offset = sql.placeholder('offset');
  const balance =
    source === 'cards'
      ? usableCardBalancesQuery(db, userId)
      : source === 'funds'
        ? userFundsBalanceQuery(db, userId)
        : null;
  return sql`with others as materialized (${otherHistory(userId)})
      select summary.*, page.*
      from (
        select
          ledger.claim_cents + others.received as received,
          others.sent + issued.cents as sent,
          ledger.this_month + others.this_month as this_month,
          ledger.movements + others.total as total,
          ledger.claims + others.gifts + issued.cards as gifts,
          ${balance ? sql`(${balance})` : sql`null`} as balance_cents
        from (
          select coalesce(sum(m.movements), 0) as movements, coalesce(sum(m.claims), 0) as claims,
                 coalesce(sum(m.claim_cents), 0) as claim_cents,
                 coalesce(sum(m.incoming_cents - m.outgoing_cents
                              + case when ${isBusiness(userId)} then m.redeem_cents
                                     else -m.redeem_cents end)
                   filter (where m.month = date_trunc('month', now() at time zone 'UTC')::date), 0)
                   as this_month
          from wallet_ledger_months m
          where m.user_id = ${userId}
        ) ledger,
        -- A business gives gift cards through its pins: the cards claimed from them are its
        -- gifts sent.
        (${issuedByPinsSql(userId)}) issued,
        (select coalesce(sum(amount_cents) filter (where gift = 'received'), 0) as received,
                coalesce(sum(amount_cents) filter (where gift = 'sent'), 0) as sent,
                coalesce(sum(case when direction = 'received' then amount_cents else -amount_cents end)
                  filter (where created_at >= date_trunc('month', now(), 'UTC')), 0) as this_month,
                count(*) as total,
                count(*) filter (where gift is not null) as gifts
         from others) others
      ) summary
      left join lateral (
        select true as on_page, history.* from (
          (${ledgerHistory(userId, sql`${offset}::bigint + ${limit}`)})
          union all
          select * from others
        ) history
        order by history.created_at desc, history.id desc
        limit ${limit} offset ${offset}
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
      description: row.activity ? cardLine(row as HistoryRow) : String(row.description),
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
      totalTransactions: Number(first?.gifts ?? 0),
    },
    total: Number(first?.total ?? 0),
  };
}

/** A line for what left a card the user held, worded as the card's history words it. */
function cardLine(row: HistoryRow): string {
  const amountCents = Number(row.amount_cents);
  if (row.activity === 'spent') return spentSentence(amountCents, placeOf(row));
  return `${row.brand_name} gift card expired: ${formatDollars(amountCents)} went back to ${row.business_name ?? 'its business'}`;
}

/** A page of the user's movements, newest first. */
export async function listWalletTransactions(
  db: Executor,
  userId: number,
  { page, limit }: { page: number; limit: number },
): Promise<Page<WalletTransaction>> {
  const { items, total } = await readHistory(db, userId, { limit, offset: (page - 1) * limit });
  return { items, page, limit, total };
}

/**
 * Everything the wallet page shows in one statement: the balance (of the user's usable cards, or
 * of their funds), the gift cards given and received (dollars, and how many), this month's net
 * change of the wallet (dollars, every movement counted), and the `recent` latest movements.
 */
export async function readWalletOverview(
  db: Executor,
  userId: number,
  { balance, recent }: { balance: BalanceSource; recent: number },
) {
  return readHistory(db, userId, { limit: recent, offset: 0, balance });
}
