import { Skeleton } from '@/components/ui/skeleton';

export function LeaderboardSkeleton() {
  return (
    <div role="status" aria-label="Loading leaderboard" className="grid gap-6">
      <div className="flex items-end justify-center gap-3 sm:gap-6">
        <Skeleton className="h-40 w-1/3 max-w-40" />
        <Skeleton className="h-48 w-1/3 max-w-40" />
        <Skeleton className="h-36 w-1/3 max-w-40" />
      </div>
      <div className="grid gap-2">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    </div>
  );
}
