import { sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type ValueChart } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { issuedByPinsSql } from '../pins/issued-cards';

// Prepared, like the other charts a dashboard reads on every visit: each part is one index range
// of the business, so one generic plan serves every business.
const statement = preparedQuery<{
  issued: string;
  redeemed: string;
  expired: string;
  returned: string;
  unsettled: string;
}>('business_value_chart', () => {
  const businessId = sql`${sql.placeholder('businessId')}::int`;
  return sql`select
        (select issued.cents from (${issuedByPinsSql(businessId)}) issued) as issued,
        coalesce(sum(d.redeemed_cents), 0)::bigint as redeemed,
        coalesce(sum(d.expired_cents), 0)::bigint as expired,
        coalesce(sum(d.returned_cents), 0)::bigint as returned,
        (select coalesce(sum(l.balance_cents), 0)
         from gift_cards c
         join ledger_accounts l on l.gift_card_id = c.id
         where c.business_id = ${businessId} and c.status = 'active'
           and c.expires_at <= now())::bigint as unsettled
      from business_card_days d
      where d.business_id = ${businessId}`;
});

/**
 * Where the value of the cards claimed from the business's pins stands: issued (their face
 * value), redeemed (spent at counters), outstanding (still on active, unexpired cards) and
 * returned (what expiry gave back to the business).
 *
 * Read from totals, never card by card, so a brand with a million cards answers as fast as a
 * shop with ten. Issued is each pin's claimed cards (quantity − remaining, the claim takes one in
 * the transaction that issues the card) times its value. Redeemed, returned and the value cards
 * held when they expired are the business's days (`business_card_days`, kept by triggers on the
 * cards' history). A promotional card's value only leaves it by a spend or by its expiry, and it
 * cannot be spent once expired, so what is still on active, unexpired cards is issued − redeemed
 * − what cards held at expiry − what cards past their expiry hold before the expiry sweep has
 * settled them (found through the index of the business's active cards, by expiry).
 */
export async function getValueChart(db: Executor, businessId: number): Promise<ValueChart> {
  const [row] = await statement(db, 'all', { businessId });
  const issued = Number(row?.issued ?? 0);
  const redeemed = Number(row?.redeemed ?? 0);
  const outstanding = issued - redeemed - Number(row?.expired ?? 0) - Number(row?.unsettled ?? 0);
  return {
    issued: centsToDollars(issued),
    redeemed: centsToDollars(redeemed),
    outstanding: centsToDollars(outstanding),
    returned: centsToDollars(Number(row?.returned ?? 0)),
  };
}
