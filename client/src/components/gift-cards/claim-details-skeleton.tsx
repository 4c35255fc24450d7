import { Skeleton } from '@/components/ui/skeleton';

/** Where the consumer's details will show, while they (or the claim form itself) load. */
export function ClaimDetailsSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading your details"
      className="grid gap-2 rounded-md border p-3"
    >
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
