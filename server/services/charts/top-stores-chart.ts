import { sql } from 'drizzle-orm';
import { TOP_STORES_CHART_SIZE, type TopStore } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';

/**
 * The stores whose pins gave out the most cards of the business, most first; ties by the store's
 * name (then its id, so the order never wavers). Stores without a claim are left out.
 */
export async function getTopStoresChart(db: Executor, businessId: number): Promise<TopStore[]> {
  const rows = await queryRows<{
    location_id: number;
    location_name: string;
    city: string;
    state: string;
    claims: number;
  }>(
    db,
    sql`select s.id as location_id, s.name as location_name, s.city, s.state,
               count(*)::int as claims
        from gift_cards c
        -- The pin's own business too: the planner then reads only this business's pins.
        join pins p on p.id = c.pin_id and p.business_id = ${businessId}
        join stores s on s.id = p.location_id
        where c.business_id = ${businessId} and c.source = 'pin_claim'
        group by s.id, s.name, s.city, s.state
        order by claims desc, s.name, s.id
        limit ${TOP_STORES_CHART_SIZE}`,
  );
  return rows.map((row) => ({
    locationId: Number(row.location_id),
    locationName: row.location_name,
    city: row.city,
    state: row.state,
    claims: Number(row.claims),
  }));
}
