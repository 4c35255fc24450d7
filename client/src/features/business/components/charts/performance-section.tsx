import { ActivityChart } from './activity-chart';
import { TopStoresChart } from './top-stores-chart';
import { ValueChart } from './value-chart';

/** The dashboard's charts: activity over the last 30 days, where the value stands, the top stores. */
export function PerformanceSection() {
  return (
    <section aria-labelledby="performance-heading" className="grid gap-4">
      <h2 id="performance-heading" className="text-xl font-semibold tracking-tight">
        Performance
      </h2>
      <ActivityChart />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ValueChart />
        <TopStoresChart />
      </div>
    </section>
  );
}
