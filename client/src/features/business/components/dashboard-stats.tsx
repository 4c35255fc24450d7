import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { formatUsd } from '@/lib/format';
import { useBusinessDashboard } from '../api/get-business-dashboard';
import { StatCard } from './stat-card';
import { formatCount } from '@shared/format';

/** Active Pins, Total Value and Rank, computed by the server from the business's pins. */
export function DashboardStats() {
  const { data: stats, isPending, isError, isFetching, refetch } = useBusinessDashboard();

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
      <ErrorAlert
        message="Failed to load your statistics. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard title="Active Pins" value={formatCount(stats.activePins)} />
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
