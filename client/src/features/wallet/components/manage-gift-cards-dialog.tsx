import { useState } from 'react';
import { brandDisplayName, type GiftCardStatus } from '@shared/constants';
import { type IssuedGiftCard } from '@shared/schema/gift-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { formatDate, formatUsd } from '@/lib/format';
import { useIssuedGiftCards } from '../api/get-issued-gift-cards';
import { pageCountOf, Pagination } from '@/components/ui/pagination';
import { ErrorAlert } from '@/components/ui/error-alert';
import { CardHistoryList } from './card-history-list';

const PAGE_SIZE = 10;

const STATUS_BADGE: Record<
  GiftCardStatus,
  { label: string; variant: 'success' | 'secondary' | 'warning' | 'outline' }
> = {
  active: { label: 'Active', variant: 'success' },
  redeemed: { label: 'Redeemed', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'warning' },
  cancelled: { label: 'Cancelled', variant: 'outline' },
};

type ManageGiftCardsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The business's 'Manage Gift Cards': every card consumers claimed from its pins, each with its
 * history (where it was spent, whether it was given on, expired or its value came back).
 */
export function ManageGiftCardsDialog({ open, onOpenChange }: ManageGiftCardsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Manage Gift Cards</DialogTitle>
          <DialogDescription>
            The gift cards consumers claimed from your pins, newest first. Open a card&apos;s
            history to see where it was spent.
          </DialogDescription>
        </DialogHeader>
        {/* Inside the content, so the list loads (from page 1) only while the dialog is open. */}
        <IssuedGiftCards />
      </DialogContent>
    </Dialog>
  );
}

function IssuedGiftCards() {
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<IssuedGiftCard | null>(null);
  const { data, isPending, isError, isPlaceholderData, refetch, isFetching } = useIssuedGiftCards({
    page,
    limit: PAGE_SIZE,
  });

  if (isPending) {
    return (
      <div role="status" aria-label="Loading gift cards" className="grid gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load gift cards. Please try again later."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  if (data.total === 0) {
    return (
      <p className="py-6 text-center text-muted-foreground">
        No gift cards have been claimed from your pins yet.
      </p>
    );
  }

  const pageCount = pageCountOf({ total: data.total ?? 0, limit: PAGE_SIZE });

  return (
    <div className="grid grid-cols-1 gap-4">
      <IssuedGiftCardsTable cards={data.items} onHistory={setViewing} />
      <Pagination
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        busy={isPlaceholderData}
      />
      {viewing && (
        <IssuedCardHistoryDialog
          card={viewing}
          onOpenChange={(open) => {
            if (!open) setViewing(null);
          }}
        />
      )}
    </div>
  );
}

/** One issued card's history, over the list (closing it returns to the list). */
function IssuedCardHistoryDialog({
  card,
  onOpenChange,
}: {
  card: IssuedGiftCard;
  onOpenChange: (open: boolean) => void;
}) {
  const title = `${brandDisplayName(card.brand)} gift card`;
  const status = STATUS_BADGE[card.status];
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Claimed by {card.consumer_name} on {formatDate(card.created_at)}
          </DialogDescription>
        </DialogHeader>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span>
            Balance <span className="font-semibold tabular-nums">{formatUsd(card.balance)}</span> of{' '}
            {formatUsd(card.value)}
          </span>
          <Badge variant={status.variant}>{status.label}</Badge>
          <span className="text-muted-foreground">Expires {formatDate(card.expires)}</span>
        </p>
        <CardHistoryList cardId={card.id} label={`History of the ${title}`} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Consumer, Brand, Value, Balance, Status, Expires, and each card's History. On a phone Brand,
 * Value and Expires fold under the consumer, so the table fits 375 px without scrolling sideways.
 */
function IssuedGiftCardsTable({
  cards,
  onHistory,
}: {
  cards: IssuedGiftCard[];
  onHistory: (card: IssuedGiftCard) => void;
}) {
  const narrow = 'px-2 sm:px-3';
  const wide = 'hidden sm:table-cell';
  return (
    <Table aria-label="Issued gift cards">
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className={narrow}>
            Consumer
          </TableHead>
          <TableHead scope="col" className={wide}>
            Brand
          </TableHead>
          <TableHead scope="col" className={`${wide} text-right`}>
            Value
          </TableHead>
          <TableHead scope="col" className={`${narrow} text-right`}>
            Balance
          </TableHead>
          <TableHead scope="col" className={narrow}>
            Status
          </TableHead>
          <TableHead scope="col" className={wide}>
            Expires
          </TableHead>
          <TableHead scope="col" className={narrow}>
            <span className="sr-only">History</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {cards.map((card) => {
          const status = STATUS_BADGE[card.status];
          const brand = brandDisplayName(card.brand);
          return (
            <TableRow key={card.id}>
              <TableCell className={`${narrow} wrap-anywhere`}>
                <span className="block font-medium">{card.consumer_name}</span>
                <span className="block text-xs text-muted-foreground">
                  @{card.consumer_username}
                </span>
                <span className="mt-0.5 block text-xs text-muted-foreground sm:hidden">
                  {brand} · {formatUsd(card.value)} · Expires {formatDate(card.expires)}
                </span>
              </TableCell>
              <TableCell className={wide}>{brand}</TableCell>
              <TableCell className={`${wide} text-right tabular-nums`}>
                {formatUsd(card.value)}
              </TableCell>
              <TableCell className={`${narrow} text-right font-semibold tabular-nums`}>
                {formatUsd(card.balance)}
              </TableCell>
              <TableCell className={narrow}>
                <Badge variant={status.variant}>{status.label}</Badge>
              </TableCell>
              <TableCell className={`${wide} whitespace-nowrap text-muted-foreground`}>
                {formatDate(card.expires)}
              </TableCell>
              <TableCell className={narrow}>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`History of the ${brand} card claimed by ${card.consumer_name}`}
                  onClick={() => onHistory(card)}
                >
                  History
                </Button>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
