import { Gift } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { brandDisplayName } from '@shared/constants';
import { type GiftRequest } from '@shared/schema/gift-cards';
import { SendGiftDialog, type WantedCard } from '@/components/gift-cards/send-gift-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatUsd } from '@/lib/format';
import { useDeclineGiftRequest } from '../api/decline-gift-request';
import { useGiftRequests } from '../api/get-gift-requests';
import { pageCountOf, Pagination } from '@/components/ui/pagination';
import { ago } from '@/lib/relative-time';

const PAGE_SIZE = 10;

/** Who asked, and the card they asked for: Send Gift opens on buying it for them. */
type Recipient = { username: string; name: string; wanted: WantedCard };

/**
 * Pending gift requests other consumers sent to the signed-in consumer, each with 'Send Gift'
 * and 'Decline'. Renders nothing while there are none (or while they load).
 */
export function GiftRequestsList() {
  const titleId = useId();
  const [page, setPage] = useState(1);
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useGiftRequests({
    page,
    limit: PAGE_SIZE,
  });

  // Declining the last request of a later page leaves that page empty: step back.
  const pageIsEmpty = !!data && data.items.length === 0 && page > 1;
  useEffect(() => {
    if (pageIsEmpty) setPage((current) => Math.max(1, current - 1));
  }, [pageIsEmpty]);

  if (isPending) return null;
  if (!isError && data.total === 0) return null;

  const pageCount = data ? pageCountOf({ total: data.total ?? 0, limit: PAGE_SIZE }) : 1;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} as="h2" className="flex items-center gap-2 text-lg">
          <Gift className="size-5" aria-hidden="true" />
          Gift Requests
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isError ? (
          <ErrorAlert
            message="Failed to load gift requests. Please try again later."
            onRetry={() => void refetch()}
            retrying={isFetching}
            retryLabel="Try again to load gift requests"
          />
        ) : (
          <>
            <ul className="grid gap-3">
              {data.items.map((request) => (
                <GiftRequestItem
                  key={request.id}
                  request={request}
                  onSendGift={() =>
                    setRecipient({
                      username: request.requester.username,
                      name: request.requester.name,
                      wanted: { brand: request.brand, amount: request.amount },
                    })
                  }
                />
              ))}
            </ul>
            {pageCount > 1 && (
              <Pagination
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                busy={isPlaceholderData}
                label="Gift requests pages"
              />
            )}
          </>
        )}
      </CardContent>
      <SendGiftDialog
        open={recipient !== null}
        onOpenChange={(open) => {
          if (!open) setRecipient(null);
        }}
        recipient={recipient ?? undefined}
        wanted={recipient?.wanted}
      />
    </Card>
  );
}

type GiftRequestItemProps = { request: GiftRequest; onSendGift: () => void };

function GiftRequestItem({ request, onSendGift }: GiftRequestItemProps) {
  const { requester } = request;
  const decline = useDeclineGiftRequest({
    mutationConfig: {
      onSuccess: () => {
        toast({ title: 'Request declined' });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to decline the request'),
        });
      },
    },
  });

  return (
    <li className="grid gap-3 rounded-md border p-3 sm:flex sm:items-start sm:justify-between">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium">{requester.name}</span>
          <span className="text-sm text-muted-foreground">@{requester.username}</span>
        </p>
        <p className="text-sm">{wantedCard(request)}</p>
        {request.message && (
          <p className="text-sm break-words text-muted-foreground">“{request.message}”</p>
        )}
        <time
          dateTime={request.created_at}
          title={formatDateTime(request.created_at)}
          className="text-xs text-muted-foreground"
        >
          {relativeAge(request.created_at)}
        </time>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" aria-label={`Send Gift to ${requester.name}`} onClick={onSendGift}>
          Send Gift
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={`Decline request from ${requester.name}`}
          disabled={decline.isPending}
          onClick={() => decline.mutate({ requestId: request.id })}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

/** What the requester asked for, in words: 'Asks for a $25.00 Starbucks gift card'. */
function wantedCard({ brand, amount }: Pick<GiftRequest, 'brand' | 'amount'>): string {
  const parts = [
    amount === null ? null : formatUsd(amount),
    brand ? brandDisplayName(brand) : null,
  ];
  return `Asks for a ${parts.filter(Boolean).join(' ')}${parts.some(Boolean) ? ' ' : ''}gift card`;
}

const RELATIVE_UNITS: Array<[string, number]> = [
  ['month', 30 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/** A request's age, from seconds to months: '3 hours ago'. */
function relativeAge(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  for (const [unit, size] of RELATIVE_UNITS) {
    if (seconds >= size || unit === 'second') {
      return ago(Math.floor(seconds / size), unit);
    }
  }
  return ago(0, 'second');
}
