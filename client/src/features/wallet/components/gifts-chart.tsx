import { GIFTS_CHART_MONTHS } from '@shared/schema/charts';
import { ChartCard } from '@/components/charts/chart-card';
import { CHART_COLOURS } from '@/components/charts/chart-colours';
import { countOf, formatChartMonth, formatChartMonthLong } from '@/components/charts/chart-format';
import { SeriesChart } from '@/components/charts/lazy-charts';
import { useGiftsChart } from '../api/get-gifts-chart';

/** A consumer's gifts sent and received per UTC month, the last 12 months. */
export function GiftsChart() {
  const query = useGiftsChart();
  const months = query.data ?? [];
  const sent = months.reduce((sum, month) => sum + month.sent, 0);
  const received = months.reduce((sum, month) => sum + month.received, 0);

  return (
    <ChartCard
      title="Gifts by month"
      headingLevel="h2"
      description={`Gifts you sent and received, the last ${GIFTS_CHART_MONTHS} months (UTC)`}
      query={query}
      isEmpty={sent + received === 0}
      emptyText="Gifts you send and receive will appear here, month by month."
      summary={`You sent ${countOf(sent, 'gift')} and received ${countOf(received, 'gift')} in the last ${GIFTS_CHART_MONTHS} months.`}
      table={{
        columns: ['Month', 'Sent', 'Received'],
        rows: months.map((month) => ({
          key: month.month,
          cells: [formatChartMonthLong(month.month), month.sent, month.received],
        })),
      }}
    >
      <SeriesChart
        data={months}
        categoryKey="month"
        formatCategory={formatChartMonth}
        series={[
          { key: 'sent', name: 'Sent', colour: CHART_COLOURS.blue },
          { key: 'received', name: 'Received', colour: CHART_COLOURS.orange },
        ]}
      />
    </ChartCard>
  );
}
