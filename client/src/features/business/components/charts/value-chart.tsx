import { ChartCard } from '@/components/charts/chart-card';
import { CHART_COLOURS } from '@/components/charts/chart-colours';
import { SeriesChart } from '@/components/charts/lazy-charts';
import { formatUsd } from '@/lib/format';
import { useValueChart } from '../../api/get-business-charts';
import { formatCount } from '@shared/format';

const BARS = [
  { key: 'issued', label: 'Issued', colour: CHART_COLOURS.blue },
  { key: 'redeemed', label: 'Redeemed', colour: CHART_COLOURS.orange },
  { key: 'outstanding', label: 'Outstanding', colour: CHART_COLOURS.green },
  { key: 'returned', label: 'Returned', colour: CHART_COLOURS.grey },
] as const;

/** Where the value of the cards claimed from the business's pins stands, in dollars. */
export function ValueChart() {
  const query = useValueChart();
  const value = query.data;
  const rows = BARS.map((bar) => ({ label: bar.label, amount: value?.[bar.key] ?? 0 }));

  return (
    <ChartCard
      title="Value of claimed cards"
      description="Issued, redeemed at counters, still on cards, and returned to you at expiry"
      query={query}
      isEmpty={!value || value.issued === 0}
      emptyText="The value of your claimed cards will appear here once customers claim your pins."
      summary={
        value
          ? `${formatUsd(value.issued)} issued: ${formatUsd(value.redeemed)} redeemed, ${formatUsd(value.outstanding)} outstanding, ${formatUsd(value.returned)} returned.`
          : ''
      }
      table={{
        columns: ['Value', 'Amount'],
        rows: rows.map((row) => ({ key: row.label, cells: [row.label, formatUsd(row.amount)] })),
      }}
    >
      <SeriesChart
        data={rows}
        categoryKey="label"
        series={[{ key: 'amount', name: 'Amount', colour: CHART_COLOURS.blue }]}
        categoryColours={BARS.map((bar) => bar.colour)}
        formatValue={formatUsd}
        formatTick={(dollars) => `$${formatCount(dollars)}`}
      />
    </ChartCard>
  );
}
