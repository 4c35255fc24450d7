import { useState } from 'react';
import { type GiftCardActivityKind } from '@shared/constants';
import { type GiftCardActivity } from '@shared/schema/gift-cards';
import { ErrorAlert } from '@/components/ui/error-alert';
import { pageCountOf, Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCardHistory } from '../api/get-card-history';

const PAGE_SIZE = 10;

/** Which way an event moved value on the card; the others moved none. */
const DIRECTION: Partial<Record<GiftCardActivityKind, 'in' | 'out'>> = {
  issued: 'in',
  spent: 'out',
  refunded: 'out',
};

type CardHistoryListProps = {
  cardId: number;
  /** The list's accessible name, e.g. 'History of the Starbucks gift card'. */
  label: string;
};

/**
 * A card's history, newest first, a page at a time: what happened, when, what it moved and what
 * the card held after. The server words each line for whoever reads it.
 */
export function CardHistoryList({ cardId, label }: CardHistoryListProps) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useCardHistory({
    cardId,
    page,
    limit: PAGE_SIZE,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading the card's history" className="grid gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load the card's history. Please try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.items.length === 0 && page === 1) {
    return <p className="py-4 text-center text-muted-foreground">Nothing has happened yet.</p>;
  }

  const pageCount = pageCountOf({ total: data.total ?? 0, limit: PAGE_SIZE });
  return (
    <div className="grid grid-cols-1 gap-3">
      <ol aria-label={label} className="grid divide-y rounded-md border">
        {data.items.map((activity) => (
          <HistoryLine key={activity.id} activity={activity} />
        ))}
      </ol>
      {pageCount > 1 && (
        <Pagination
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          busy={isPlaceholderData}
          label="Card history pages"
        />
      )}
    </div>
  );
}

function HistoryLine({ activity }: { activity: GiftCardActivity }) {
  const direction = DIRECTION[activity.kind];
  return (
    <li className="flex items-start justify-between gap-3 p-3">
      <div className="grid min-w-0 gap-0.5">
        <p className="text-sm font-medium wrap-anywhere">{activity.description}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={activity.date}>{formatDate(activity.date)}</time>
        </p>
      </div>
      <div className="grid justify-items-end gap-0.5 text-right whitespace-nowrap tabular-nums">
        {direction && activity.amount > 0 && (
          <p
            className={cn(
              'text-sm font-semibold',
              direction === 'in' ? 'text-green-700' : 'text-red-700',
            )}
          >
            <span className="sr-only">{direction === 'in' ? 'Added ' : 'Taken '}</span>
            <span aria-hidden="true">{direction === 'in' ? '+' : '-'}</span>
            {formatUsd(activity.amount)}
          </p>
        )}
        <p className="text-xs text-muted-foreground">Balance {formatUsd(activity.balanceAfter)}</p>
      </div>
    </li>
  );
}
