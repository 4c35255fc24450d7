import { sql } from 'drizzle-orm';
import { GIFTS_CHART_MONTHS, type GiftsChartMonth } from '@shared/schema/charts';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sqlInteger } from '../../db/sql-literals';

// Prepared: a dashboard asks for it on every visit, and planning it cost about as much as
// running it. Its constants are written into the text, so one generic plan serves every user.
const statement = preparedQuery<{ month: string; sent: number; received: number }>(
  'gifts_chart',
  () => {
    const userId = sql`${sql.placeholder('userId')}::int`;
    return sql`with bounds as (
          select date_trunc('month', now() at time zone 'UTC')
                 - make_interval(months => ${sqlInteger(GIFTS_CHART_MONTHS - 1)}) as first_month
        ),
        months as (
          select bounds.first_month + make_interval(months => offset_months) as month
          from bounds, generate_series(0, ${sqlInteger(GIFTS_CHART_MONTHS - 1)}) as offset_months
        ),
        since as (
          select (first_month at time zone 'UTC') as start from bounds
        ),
        sent as (
          select date_trunc('month', g.created_at at time zone 'UTC') as month, count(*)::int as sent
          from gifts g, since
          where g.sender_id = ${userId} and g.created_at >= since.start
          group by 1
        ),
        received as (
          select date_trunc('month', g.created_at at time zone 'UTC') as month,
                 count(*)::int as received
          from gifts g, since
          where g.recipient_id = ${userId} and g.created_at >= since.start
          group by 1
        )
        select to_char(months.month, 'YYYY-MM') as month,
               coalesce(sent.sent, 0) as sent,
               coalesce(received.received, 0) as received
        from months
        left join sent on sent.month = months.month
        left join received on received.month = months.month
        order by months.month`;
  },
);

/**
 * The gifts a consumer sent and received per UTC month for the last GIFTS_CHART_MONTHS months
 * (this one included), oldest first, the quiet months as zeros. One query: the months from a
 * series, each direction counted from its own index range (gifts by sender, by recipient).
 */
export async function getGiftsChart(db: Executor, userId: number): Promise<GiftsChartMonth[]> {
  const rows = await statement(db, 'all', { userId });
  return rows.map((row) => ({
    month: row.month,
    sent: Number(row.sent),
    received: Number(row.received),
  }));
}
