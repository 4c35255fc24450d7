import { MapPin } from 'lucide-react';
import { type CurrentUser } from '@shared/schema/users';
import { EmptyState } from './empty-state';
import { StatCard } from './stat-card';

type BusinessDashboardProps = { user: CurrentUser };

/**
 * The business home. Pins do not exist in the system yet, so no business has any: these zeros are
 * the true figures, not placeholders.
 */
export function BusinessDashboard({ user }: BusinessDashboardProps) {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Business Dashboard</h1>
        <p className="mt-1 text-muted-foreground">{user.name}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Active Pins" value="0" />
        <StatCard title="Total Value" value="$0.00" />
        <StatCard title="Rank" value="—" caption="Create your first pin to get ranked" />
      </div>
      <EmptyState icon={MapPin} message="You have no active pins yet." />
    </div>
  );
}
