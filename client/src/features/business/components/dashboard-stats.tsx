import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/format';
import { useBusinessDashboard } from '../api/get-business-dashboard';
import { StatCard } from './stat-card';

/** Active Pins, Total Value and Rank, computed by the server from the business's pins. */
export function DashboardStats() {
  const { data: stats, isPending, isError, refetch } = useBusinessDashboard();

  if (isPending) {
    return (
      <div role="status" aria-label="Loading statistics" className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }

  if (isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          <span>Failed to load your statistics. Please try again later.</span>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard title="Active Pins" value={stats.activePins.toLocaleString('en-US')} />
      <StatCard title="Total Value" value={formatUsd(stats.totalValue)} />
      {stats.rank === null ? (
        <StatCard title="Rank" value="—" caption="Create your first pin to get ranked" />
      ) : (
        <StatCard
          title="Rank"
          value={`#${stats.rank} of ${stats.rankedBusinesses}`}
          caption="Among businesses by value issued"
        />
      )}
    </div>
  );
}
