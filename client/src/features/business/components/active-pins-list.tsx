import { CalendarClock, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { brandDisplayName } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatUsd } from '@/lib/format';
import { useMyPins } from '../api/get-my-pins';
import { CancelPinDialog } from './cancel-pin-dialog';
import { pageCountOf, Pagination } from '@/components/ui/pagination';

const PAGE_SIZE = 10;

function PinItem({ pin, onCancel }: { pin: BusinessPin; onCancel: () => void }) {
  const titleId = useId();
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <h3 id={titleId} className="font-semibold">
              {brandDisplayName(pin.brand)} · {formatUsd(pin.value)}
            </h3>
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {pin.locationName}, {pin.street}, {pin.city}, {pin.state}
              </span>
            </p>
            <p className="text-sm">
              <span className="font-medium tabular-nums">
                {pin.remaining}/{pin.quantity}
              </span>{' '}
              remaining · {pin.radius} mi radius
            </p>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              Expires {formatDate(pin.expiresAt)}
            </p>
            {pin.promotionMessage && <p className="text-sm italic">“{pin.promotionMessage}”</p>}
          </div>
          <Button variant="outline" size="sm" onClick={onCancel} aria-describedby={titleId}>
            Cancel
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

/** The business's active pins, newest first, each with Cancel (after a confirmation). */
export function ActivePinsList() {
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<BusinessPin | null>(null);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useMyPins({
    status: 'active',
    page,
    limit: PAGE_SIZE,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading pins" className="grid gap-3">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load your pins. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.total === 0) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <MapPin className="size-10 text-muted-foreground" aria-hidden="true" />
          <p className="max-w-sm text-muted-foreground">
            You have no active pins yet. Create one to start reaching customers.
          </p>
        </CardContent>
      </Card>
    );
  }

  const pageCount = pageCountOf({ total: data.total ?? 0, limit: PAGE_SIZE });

  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label="Active pins">
        {data.items.map((pin) => (
          <PinItem key={pin.id} pin={pin} onCancel={() => setCancelling(pin)} />
        ))}
      </ul>
      {pageCount > 1 && (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          busy={isPlaceholderData}
        />
      )}
      <CancelPinDialog
        pin={cancelling}
        onOpenChange={(open) => {
          if (!open) setCancelling(null);
        }}
      />
    </div>
  );
}
