import { TOP_STORES_CHART_SIZE } from '@shared/schema/charts';
import { ChartCard } from '@/components/charts/chart-card';
import { CHART_COLOURS } from '@/components/charts/chart-colours';
import { countOf } from '@/components/charts/chart-format';
import { SeriesChart } from '@/components/charts/lazy-charts';
import { useTopStoresChart } from '../../api/get-business-charts';

/** The stores with the most claims from the business's pins, as horizontal bars. */
export function TopStoresChart() {
  const query = useTopStoresChart();
  const stores = query.data ?? [];
  const leader = stores[0];
  const data = stores.map((store) => ({
    store: `${store.locationName}, ${store.city}`,
    claims: store.claims,
  }));

  return (
    <ChartCard
      title="Top stores by claims"
      description={`Your ${TOP_STORES_CHART_SIZE} stores with the most claims, all time`}
      query={query}
      isEmpty={stores.length === 0}
      emptyText="Your busiest stores will appear here once customers claim your pins."
      summary={
        leader
          ? `${leader.locationName} in ${leader.city}, ${leader.state} leads with ${countOf(leader.claims, 'claim')}.`
          : ''
      }
      table={{
        columns: ['Store', 'City', 'Claims'],
        rows: stores.map((store) => ({
          key: String(store.locationId),
          cells: [store.locationName, `${store.city}, ${store.state}`, store.claims],
        })),
      }}
    >
      <SeriesChart
        data={data}
        categoryKey="store"
        horizontal
        series={[{ key: 'claims', name: 'Claims', colour: CHART_COLOURS.blue }]}
      />
    </ChartCard>
  );
}
