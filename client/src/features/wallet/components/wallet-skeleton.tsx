import { Skeleton } from '@/components/ui/skeleton';

export function WalletSkeleton() {
  return (
    <div role="status" aria-label="Loading wallet" className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-48" />
      <Skeleton className="h-48" />
      <Skeleton className="h-32" />
      <Skeleton className="h-64 lg:col-span-2" />
    </div>
  );
}
