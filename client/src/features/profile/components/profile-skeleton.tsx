import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

export function ProfileSkeleton() {
  return (
    <Card role="status" aria-label="Loading profile" className="overflow-hidden">
      <Skeleton className="h-28 rounded-none sm:h-36" />
      <div className="grid justify-items-center gap-3 px-4 pb-6 sm:px-6">
        <Skeleton className="relative -mt-12 size-24 rounded-full ring-4 ring-card sm:-mt-14 sm:size-28" />
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-9 w-32" />
        <div className="flex gap-2">
          <Skeleton className="h-10 w-32" />
          <Skeleton className="h-10 w-32" />
        </div>
        <Skeleton className="mt-2 h-6 w-56" />
        <Skeleton className="mt-2 size-48" />
      </div>
    </Card>
  );
}
