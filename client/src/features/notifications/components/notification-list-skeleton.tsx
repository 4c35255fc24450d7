import { Skeleton } from '@/components/ui/skeleton';

type NotificationListSkeletonProps = { count?: number; label?: string };

/** Placeholder rows while notifications load. */
export function NotificationListSkeleton({
  count = 3,
  label = 'Loading notifications',
}: NotificationListSkeletonProps) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-start gap-3 rounded-lg border bg-card p-4">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-64 max-w-full" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
