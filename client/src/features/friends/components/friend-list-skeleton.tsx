import { Skeleton } from '@/components/ui/skeleton';

type FriendListSkeletonProps = { label: string; count?: number };

/** Placeholder rows while a list of people loads. */
export function FriendListSkeleton({ label, count = 3 }: FriendListSkeletonProps) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-lg border bg-card p-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-32 max-w-full" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-9 w-24" />
        </div>
      ))}
    </div>
  );
}
