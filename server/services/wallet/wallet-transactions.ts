import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { centsToDollars, formatDollars } from '@shared/money';
import { type LedgerTransactionKind, type WalletTransactionKind } from '@shared/constants';
import { type WalletTransaction } from '@shared/schema/ledger';
import { ledgerTransactions } from '@shared/tables/ledger';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';
import { usableCardBalancesQuery } from '../gift-cards/list-consumer-gift-cards';
import { issuedByPinsSql } from '../pins/issued-cards';
import { placeOf, spentSentence } from '../gift-cards/present-card-activity';
import { userFundsBalanceQuery } from '../ledger/accounts';
import { type Page } from '../../lib/list-answer';

/**
 * Which way each kind of movement goes for the user it names: what comes into the wallet (a
 * top-up, a pin's unclaimed value back, a claimed card, an expired card's value back to its
 * business). A spend at a business's counter ('redeem') comes into that business's wallet; the
 * holder's wallet lists it among their card movements (`wallet_card_movements`). The trigger
 * that keeps `wallet_ledger_months` (migration 0033) counts the same kinds as incoming; a test
 * holds the two together.
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
 * transactions (funds, pins, claims, spends at their counter, expired cards' value back), and
 * their card movements (`wallet_card_movements`): the gift cards they gave or were given (a gift
 * moves a card, not money between accounts, so it is recorded in `gifts`), and what left a card
 * while they held it, a spend at a counter or an expired promotional card's value going back to
 * its business (those are the business's ledger transactions, recorded in the card's history).
 * Only gifts count as gifts in the Activity Summary's Sent and Received (with a consumer's claimed
 * cards), never a top-up, a spend or a withdrawal.
 *
 * A page reads the newest `through` rows of each in the history's order (a range of the user's
 * index each; rows sharing the last one's time sorted by their text id). The summary reads the
 * ledger's monthly totals (`wallet_ledger_months`: a business has its counters' spends by the
 * million) and adds up the user's card movements themselves (a person's gifts and cards: no
 * shared totals row, which every spend and expiry would have to lock).
 */
function ledgerHistory(userId: SQLWrapper, through: SQLWrapper) {
  return sql`
    select 't' || t.id::text as id, t.kind, t.description, t.amount_cents, t.status, t.created_at,
           case when t.kind in ${incomingKinds} or (t.kind = 'redeem' and ${isBusiness(userId)})
                then 'received' else 'sent' end as direction,
           null::int as gift_id, null::int as activity_id
    from ledger_transactions t
    where t.user_id = ${userId}
    order by t.created_at desc, 't' || t.id::text desc
    limit ${through}`;
}

function cardHistory(userId: SQLWrapper, through: SQLWrapper) {
  return sql`
    select m.entry_id, m.kind, '', m.amount_cents, 'completed', m.created_at,
           case when m.kind = 'gift_received' then 'received' else 'sent' end,
           m.gift_id, m.activity_id
    from wallet_card_movements m
    where m.user_id = ${userId}
    order by m.created_at desc, m.entry_id desc
    limit ${through}`;
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
 * page, newest first, in one statement. The page merges the newest `offset + limit` ledger transactions with the newest
 * `offset + limit` card movements, then reads the names its own lines mention. Prepared per page
 * size and balance (a handful of shapes): its planning cost as much as its run. OFFSET is a
 * parameter: the rows are one user's, so the generic plan reads their range either way.
 */
const historyPage = preparedQuery<
  PageRow & { balance_cents: string | number | null },
  `${BalanceSource | 'none'}_${number}`
>('wallet_history', (variant, db) => {
  const [source, size] = variant.split('_') as [BalanceSource | 'none', string];
  const limit = sqlInteger(Number(size));
  const userId = sql.placeholder('userId');
  const offset = sql.placeholder('offset');
  const through = sql`${offset}::bigint + ${limit}`;
  const balance =
    source === 'cards'
      ? usableCardBalancesQuery(db, userId)
      : source === 'funds'
        ? userFundsBalanceQuery(db, userId)
        : null;
  const thisMonth = sql`date_trunc('month', now() at time zone 'UTC')::date`;
  return sql`select summary.*, page.*
      from (
        select
          ledger.claim_cents + cards.received as received,
          cards.sent + issued.cents as sent,
          ledger.this_month + cards.this_month as this_month,
          ledger.movements + cards.movements as total,
          ledger.claims + cards.gifts + issued.cards as gifts,
          ${balance ? sql`(${balance})` : sql`null`} as balance_cents
        from (
          select coalesce(sum(m.movements), 0) as movements, coalesce(sum(m.claims), 0) as claims,
                 coalesce(sum(m.claim_cents), 0) as claim_cents,
                 coalesce(sum(m.incoming_cents - m.outgoing_cents
                              + case when ${isBusiness(userId)} then m.redeem_cents
                                     else -m.redeem_cents end)
                   filter (where m.month = ${thisMonth}), 0) as this_month
          from wallet_ledger_months m
          where m.user_id = ${userId}
        ) ledger,
        (
          select count(*) as movements,
                 count(*) filter (where m.kind in ('gift_sent', 'gift_received')) as gifts,
                 coalesce(sum(m.amount_cents) filter (where m.kind = 'gift_received'), 0)
                   as received,
                 coalesce(sum(m.amount_cents) filter (where m.kind = 'gift_sent'), 0) as sent,
                 coalesce(sum(case when m.kind = 'gift_received' then m.amount_cents
                                   else -m.amount_cents end)
                   filter (where m.created_at >= date_trunc('month', now(), 'UTC')), 0)
                   as this_month
          from wallet_card_movements m
          where m.user_id = ${userId}
        ) cards,
        -- A business gives gift cards through its pins: the cards claimed from them are its
        -- gifts sent.
        (${issuedByPinsSql(userId)}) issued
      ) summary
      left join lateral (
        select true as on_page, history.id, history.kind,
               case history.kind
                 when 'gift_sent' then gift_brand.name || ' gift card sent to ' || recipient.name
                 when 'gift_received' then gift_brand.name || ' gift card from ' || g.sender_name
                 else history.description end as description,
               history.amount_cents, history.status, history.created_at, history.direction,
               a.kind as activity, store.name as store_name, store.brand_id as store_brand,
               business.name as business_name, card_brand.name as brand_name
        from (
          (${ledgerHistory(userId, through)})
          union all
          (${cardHistory(userId, through)})
          order by created_at desc, id desc
          limit ${limit} offset ${offset}
        ) history
        left join gifts g on g.id = history.gift_id
        left join users recipient on recipient.id = g.recipient_id
        left join gift_cards gift_card on gift_card.id = g.gift_card_id
        left join brands gift_brand on gift_brand.id = gift_card.brand_id
        left join gift_card_activities a on a.id = history.activity_id
        left join gift_cards card on card.id = a.gift_card_id
        left join brands card_brand on card_brand.id = card.brand_id
        left join stores store on store.id = a.store_id
        left join users business on business.id = a.business_id
        order by history.created_at desc, history.id desc
      ) page on true
      order by page.created_at desc, page.id desc`;
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
