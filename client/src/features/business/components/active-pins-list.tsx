import { CalendarClock, MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { brandDisplayName, type PinStatus } from '@shared/constants';
import { type BusinessPin } from '@shared/schema/pins';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatUsd } from '@/lib/format';
import { useMyPins } from '../api/get-my-pins';
import { usePausePin, useResumePin } from '../api/manage-pin';
import { AddCardsDialog } from './add-cards-dialog';
import { CancelPinDialog } from './cancel-pin-dialog';
import { ExtendPinDialog } from './extend-pin-dialog';
import { PinStatusBadge } from './pin-status';
import { PinsMap } from './pins-map';
import { pageCountOf, Pagination } from '@/components/ui/pagination';

const PAGE_SIZE = 10;

/** The pins a business can still act on: on offer, paused, or sold out (cards can be added). */
export const ACTIONABLE_PIN_STATUSES = [
  'active',
  'paused',
  'exhausted',
] as const satisfies readonly PinStatus[];

type Dialog = { kind: 'cancel' | 'extend' | 'add-cards'; pin: BusinessPin } | null;

/** Pause or Resume, with a toast either way. */
function PauseResumeButton({ pin, describedBy }: { pin: BusinessPin; describedBy: string }) {
  const onError = (title: string) => (error: Error) =>
    toast({ variant: 'destructive', title, description: errorMessage(error, 'Please try again.') });
  const pause = usePausePin({
    mutationConfig: {
      onSuccess: () =>
        toast({
          title: 'Pin paused',
          description: 'It is hidden from the marketplace until you resume it.',
        }),
      onError: onError('Failed to pause pin'),
    },
  });
  const resume = useResumePin({
    mutationConfig: {
      onSuccess: (resumed) =>
        toast({
          title: 'Pin resumed',
          description:
            resumed.status === 'active'
              ? 'It is back in the marketplace.'
              : 'It has no cards left: add cards to offer it again.',
        }),
      onError: onError('Failed to resume pin'),
    },
  });

  const action =
    pin.status === 'active'
      ? { mutation: pause, label: 'Pause', pendingLabel: 'Pausing...' }
      : pin.status === 'paused'
        ? { mutation: resume, label: 'Resume', pendingLabel: 'Resuming...' }
        : null;
  if (!action) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={action.mutation.isPending}
      aria-describedby={describedBy}
      onClick={() => action.mutation.mutate(pin.id)}
    >
      {action.mutation.isPending ? action.pendingLabel : action.label}
    </Button>
  );
}

function PinItem({ pin, onDialog }: { pin: BusinessPin; onDialog: (dialog: Dialog) => void }) {
  const titleId = useId();
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={titleId} className="font-semibold">
                {brandDisplayName(pin.brand)} · {formatUsd(pin.value)}
              </h3>
              <PinStatusBadge status={pin.status} />
            </div>
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {pin.locationName}, {pin.street}, {pin.city}, {pin.state}
              </span>
            </p>
            <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <div className="flex gap-1">
                <dt>Claimed</dt>
                <dd className="font-medium tabular-nums">
                  {pin.claimed}/{pin.quantity}
                </dd>
              </div>
              <div className="flex gap-1">
                <dt>Redeemed</dt>
                <dd className="font-medium tabular-nums">{pin.redeemed}</dd>
              </div>
              <div className="flex gap-1">
                <dt>Claim rate</dt>
                <dd className="font-medium tabular-nums">{Math.round(pin.claimRate * 100)}%</dd>
              </div>
              <div className="flex gap-1">
                <dt>Reach</dt>
                <dd className="tabular-nums">{pin.radius} mi</dd>
              </div>
            </dl>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              Expires {formatDate(pin.expiresAt)}
            </p>
            {pin.promotionMessage && <p className="text-sm italic">“{pin.promotionMessage}”</p>}
          </div>
          <div className="flex flex-wrap gap-2 sm:max-w-56 sm:justify-end">
            <PauseResumeButton pin={pin} describedBy={titleId} />
            <Button
              variant="outline"
              size="sm"
              aria-describedby={titleId}
              onClick={() => onDialog({ kind: 'extend', pin })}
            >
              Extend
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-describedby={titleId}
              onClick={() => onDialog({ kind: 'add-cards', pin })}
            >
              Add cards
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-describedby={titleId}
              onClick={() => onDialog({ kind: 'cancel', pin })}
            >
              Cancel
            </Button>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * The business's pins it can still act on, newest first, in a list one page at a time: each with
 * its claims, redemptions and claim rate, and Pause/Resume, Extend, Add cards and Cancel. Above
 * it, every active pin on a map, whichever page the list is on.
 */
export function ActivePinsList() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useMyPins({
    status: ACTIONABLE_PIN_STATUSES,
    page,
    limit: PAGE_SIZE,
  });
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const dialogPin = (kind: NonNullable<Dialog>['kind']) =>
    dialog?.kind === kind ? dialog.pin : null;

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
      <PinsMap />
      <ul className="grid gap-3" aria-label="Active pins">
        {data.items.map((pin) => (
          <PinItem key={pin.id} pin={pin} onDialog={setDialog} />
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
      <CancelPinDialog pin={dialogPin('cancel')} onOpenChange={close} />
      <ExtendPinDialog pin={dialogPin('extend')} onOpenChange={close} />
      <AddCardsDialog pin={dialogPin('add-cards')} onOpenChange={close} />
    </div>
  );
}
