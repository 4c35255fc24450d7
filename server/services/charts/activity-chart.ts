import { sql } from 'drizzle-orm';
import { ACTIVITY_CHART_DAYS, type ActivityChartDay } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

// Prepared: a dashboard asks for it on every visit, and planning it cost about as much as
// running it. Its constants are written into the text, so one generic plan serves every user.
const statement = preparedQuery<{ date: string; claims: number; redemptions: number }>(
  'business_activity_chart',
  () => {
    const businessId = sql`${sql.placeholder('businessId')}::int`;
    return sql`with bounds as (
          select (now() at time zone 'UTC')::date - ${sqlInteger(ACTIVITY_CHART_DAYS - 1)} as first_day
        ),
        days as (
          select bounds.first_day + offset_days as day
          from bounds, generate_series(0, ${sqlInteger(ACTIVITY_CHART_DAYS - 1)}) as offset_days
        ),
        since as (
          select (first_day::timestamp at time zone 'UTC') as start from bounds
        ),
        claims as (
          select (c.created_at at time zone 'UTC')::date as day, count(*)::int as claims
          from gift_cards c
          where c.business_id = ${businessId}
            and c.created_at >= (select start from since)
          group by 1
        ),
        redemptions as (
          select d.day, d.redemptions
          from business_card_days d
          where d.business_id = ${businessId} and d.day >= (select first_day from bounds)
        )
        select to_char(days.day, 'YYYY-MM-DD') as date,
               coalesce(claims.claims, 0) as claims,
               coalesce(redemptions.redemptions, 0) as redemptions
        from days
        left join claims on claims.day = days.day
        left join redemptions on redemptions.day = days.day
        order by days.day`;
  },
);

/**
 * Claims of cards from the business's pins and spends of those cards, per UTC day for the last
 * ACTIVITY_CHART_DAYS days (today included), oldest first, with the quiet days as zeros. One
 * query: the days from a series, left joined to the claims grouped by day (one range of
 * gift_cards_business_idx: business, created_at) and to the business's days of spends
 * (`business_card_days`, kept by triggers on the cards' history: a spend may be of a card
 * claimed long before, and reading each card's history would cost every card ever issued).
 */
export async function getActivityChart(
  db: Executor,
  businessId: number,
): Promise<ActivityChartDay[]> {
  const rows = await statement(db, 'all', { businessId });
  return rows.map((row) => ({
    date: row.date,
    claims: Number(row.claims),
    redemptions: Number(row.redemptions),
  }));
}
