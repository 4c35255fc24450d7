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

// The business's pins, each with its claimed cards (quantity − remaining: a claim takes one in the
// transaction that issues the card, and a top-up adds as many to both), summed per store. It reads no
// card, so a pin of many cards costs what a pin of one does, and a card its holder gave on to a
// friend still counts for the pin that issued it.
const topStores = preparedQuery<TopStoreRow>(
  'business_top_stores',
  () => sql`select s.id as location_id, s.name as location_name, s.city, s.state,
                   sum(p.quantity - p.remaining)::int as claims
              from pins p
              join stores s on s.id = p.location_id
             where p.business_id = ${sql.placeholder('businessId')}::int
             group by s.id, s.name, s.city, s.state
            having sum(p.quantity - p.remaining) > 0
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
