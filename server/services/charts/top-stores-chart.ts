import { sql } from 'drizzle-orm';
import { TOP_STORES_CHART_SIZE, type TopStore } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

type TopStoreRow = {
  location_id: number;
  location_name: string;
  city: string;
  state: string;
  claims: number;
};

// Starts from the business's pins and counts each pin's claimed cards in the pin's own range of
// the claim index: the same plan for every business, so Postgres keeps one generic plan (a plan
// starting from the business's cards was slower kept than planned per business). Its cost grows
// with the business's pins, one index probe each, not with its cards.
const topStores = preparedQuery<TopStoreRow>(
  'business_top_stores',
  () => sql`select s.id as location_id, s.name as location_name, s.city, s.state,
                   sum(claimed.cards)::int as claims
              from pins p
              join stores s on s.id = p.location_id
              cross join lateral (
                select count(*) as cards from gift_cards c
                 where c.pin_id = p.id and c.source = 'pin_claim'
              ) claimed
             where p.business_id = ${sql.placeholder('businessId')}::int
             group by s.id, s.name, s.city, s.state
            having sum(claimed.cards) > 0
             order by claims desc, s.name, s.id
             limit ${sqlInteger(TOP_STORES_CHART_SIZE)}`,
);

/**
 * The stores whose pins gave out the most cards of the business, most first; ties by the store's
 * name (then its id, so the order never wavers). Stores without a claim are left out.
 */
export async function getTopStoresChart(db: Executor, businessId: number): Promise<TopStore[]> {
  const rows = await topStores(db, 'all', { businessId });
  return rows.map((row) => ({
    locationId: Number(row.location_id),
    locationName: row.location_name,
    city: row.city,
    state: row.state,
    claims: Number(row.claims),
  }));
}
