import { useSearch } from 'wouter';
import { useQueries } from '@tanstack/react-query';
import { useState, type Ref } from 'react';
import { Link } from 'wouter';
import { brandDisplayName, logoEmoji } from '@shared/constants';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { useBrands } from '@/api/get-brands';
import { getConsumerGiftCardsQueryOptions } from '@/api/get-consumer-gift-cards';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { CardDetailsDialog } from './card-details-dialog';
import { GiftCardItem } from './gift-card-item';
import { UseCardDialog } from './use-card-dialog';

const PAGE_SIZE = 6;

type ConsumerGiftCardsProps = {
  /** The section's heading, which 'View Gift Cards' brings into view and focuses. */
  headingRef?: Ref<HTMLHeadingElement>;
};

/**
 * 'Your Gift Cards': the consumer's usable cards, soonest expiry first, a page
 * at a time behind 'Show more'; each card opens the Use Card dialog, and its details and history.
 */
export function ConsumerGiftCards({ headingRef }: ConsumerGiftCardsProps) {
  // /wallet?card={id} (View Gift Card in a notification) brings that card into view.
  const linkedCardId = Number(new URLSearchParams(useSearch()).get('card')) || null;
  const [pageCount, setPageCount] = useState(1);
  const [using, setUsing] = useState<WalletGiftCard | null>(null);
  const [viewing, setViewing] = useState<WalletGiftCard | null>(null);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, index) =>
      getConsumerGiftCardsQueryOptions({ page: index + 1, limit: PAGE_SIZE }),
    ),
  });
  const { data: brands } = useBrands();
  const brandOf = (brandId: string) => {
    const brand = brands?.find((candidate) => candidate.id === brandId);
    return { name: brand?.name ?? brandDisplayName(brandId), emoji: logoEmoji(brand?.logo) };
  };

  const first = pages[0]!;
  const last = pages.at(-1)!;
  // Pages load separately; after a card is used up the later pages shift, so keep each card once.
  const seen = new Set<number>();
  const cards = pages
    .flatMap((page) => page.data?.items ?? [])
    .filter((card) => !seen.has(card.id) && seen.add(card.id));
  const total = last.data?.total ?? first.data?.total ?? 0;
  const hasMore = cards.length < total;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="outline-hidden">
          Your Gift Cards
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {first.isPending ? (
          <div
            role="status"
            aria-label="Loading gift cards"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : first.isError ? (
          <ErrorAlert
            message="Failed to load your gift cards. Please try again later."
            onRetry={() => void first.refetch()}
            retrying={first.isFetching}
          />
        ) : cards.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            You don&apos;t have any gift cards yet. Find one to claim in the{' '}
            <Link href={paths.marketplace} className="font-medium text-primary underline">
              Marketplace
            </Link>
            .
          </p>
        ) : (
          <>
            <ul aria-label="Your gift cards" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((card) => {
                const brand = brandOf(card.brand);
                return (
                  <GiftCardItem
                    key={card.id}
                    card={card}
                    brandName={brand.name}
                    emoji={brand.emoji}
                    onUse={() => setUsing(card)}
                    onDetails={() => setViewing(card)}
                    highlighted={card.id === linkedCardId}
                  />
                );
              })}
            </ul>
            {last.isError && pageCount > 1 ? (
              <ErrorAlert
                message="Failed to load more gift cards."
                onRetry={() => void last.refetch()}
                retrying={last.isFetching}
              />
            ) : (
              hasMore && (
                <Button
                  variant="outline"
                  className="justify-self-center"
                  onClick={() => setPageCount((count) => count + 1)}
                  disabled={last.isPending}
                >
                  {last.isPending ? 'Loading...' : 'Show more'}
                </Button>
              )
            )}
          </>
        )}
      </CardContent>
      {viewing && (
        <CardDetailsDialog
          card={viewing}
          brandName={brandOf(viewing.brand).name}
          emoji={brandOf(viewing.brand).emoji}
          open
          onOpenChange={(open) => {
            if (!open) setViewing(null);
          }}
        />
      )}
      {using && (
        <UseCardDialog
          card={using}
          brandName={brandOf(using.brand).name}
          open
          onOpenChange={(open) => {
            if (!open) setUsing(null);
          }}
        />
      )}
    </Card>
  );
}
