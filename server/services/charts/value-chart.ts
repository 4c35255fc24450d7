import { sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type ValueChart } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/**
 * Where the value of the cards claimed from the business's pins stands: issued (their face
 * value), redeemed (spent at counters), outstanding (the balance of those still active and
 * unexpired, read from each card's ledger account) and returned (what expiry gave back to the
 * business: the card's 'refunded' history row, written with the 'card_expiry' ledger movement).
 * One query over the business's cards, each card's history read through its index.
 */
export async function getValueChart(db: Executor, businessId: number): Promise<ValueChart> {
  const [row] = await queryRows<{
    issued: string;
    redeemed: string;
    outstanding: string;
    returned: string;
  }>(
    db,
    sql`select
          coalesce(sum(c.value_cents), 0)::bigint as issued,
          coalesce(sum(h.spent), 0)::bigint as redeemed,
          coalesce(sum(l.balance_cents)
            filter (where c.status = 'active' and c.expires_at > now()), 0)::bigint as outstanding,
          coalesce(sum(h.returned), 0)::bigint as returned
        from gift_cards c
        left join ledger_accounts l on l.gift_card_id = c.id
        left join lateral (
          select sum(a.amount_cents) filter (where a.kind = 'spent') as spent,
                 sum(a.amount_cents) filter (where a.kind = 'refunded') as returned
          from gift_card_activities a
          where a.gift_card_id = c.id
        ) h on true
        where c.business_id = ${businessId} and c.source = 'pin_claim'`,
  );
  return {
    issued: centsToDollars(Number(row?.issued ?? 0)),
    redeemed: centsToDollars(Number(row?.redeemed ?? 0)),
    outstanding: centsToDollars(Number(row?.outstanding ?? 0)),
    returned: centsToDollars(Number(row?.returned ?? 0)),
  };
}
