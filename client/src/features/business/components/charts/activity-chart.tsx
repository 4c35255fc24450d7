import { ACTIVITY_CHART_DAYS } from '@shared/schema/charts';
import { ChartCard } from '@/components/charts/chart-card';
import { CHART_COLOURS } from '@/components/charts/chart-colours';
import { countOf, formatChartDay, formatChartDayLong } from '@/components/charts/chart-format';
import { SeriesChart } from '@/components/charts/lazy-charts';
import { useActivityChart } from '../../api/get-business-charts';

/** Claims and redemptions per UTC day, the last 30 days. */
export function ActivityChart() {
  const query = useActivityChart();
  const days = query.data ?? [];
  const claims = days.reduce((sum, day) => sum + day.claims, 0);
  const redemptions = days.reduce((sum, day) => sum + day.redemptions, 0);

  return (
    <ChartCard
      title="Claims and redemptions"
      description={`Per day (UTC), the last ${ACTIVITY_CHART_DAYS} days`}
      query={query}
      isEmpty={claims + redemptions === 0}
      emptyText="Claims and redemptions will appear here once customers claim your pins."
      summary={`${countOf(claims, 'claim')} and ${countOf(redemptions, 'redemption')} in the last ${ACTIVITY_CHART_DAYS} days.`}
      table={{
        columns: ['Day', 'Claims', 'Redemptions'],
        rows: days.map((day) => ({
          key: day.date,
          cells: [formatChartDayLong(day.date), day.claims, day.redemptions],
        })),
      }}
    >
      <SeriesChart
        data={days}
        categoryKey="date"
        formatCategory={formatChartDay}
        series={[
          { key: 'claims', name: 'Claims', colour: CHART_COLOURS.blue },
          { key: 'redemptions', name: 'Redemptions', colour: CHART_COLOURS.orange },
        ]}
      />
    </ChartCard>
  );
}
