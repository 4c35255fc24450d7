import {
  CalendarClock,
  Check,
  Globe,
  Mail,
  MapPin,
  Navigation,
  Phone,
  Sparkles,
  Store,
  Ticket,
} from 'lucide-react';
import { memo, useId, useState } from 'react';
import { brandDisplayName, logoEmoji } from '@shared/constants';
import { type BusinessContact, type MarketplacePin } from '@shared/schema/gift-cards';
import { useBrands } from '@/api/get-brands';
import { useClaimPin } from '@/api/claim-pin';
import { ClaimPinDialog } from '@/components/gift-cards/claim-pin-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatUsd } from '@/lib/format';

type MarketplacePinCardProps = {
  pin: MarketplacePin;
  /** The title's heading level: 3 where the card sits under a section's own heading. */
  headingLevel?: 2 | 3;
};

/** '2.4 mi away' (one decimal; closer than a tenth of a mile still reads 0.1). */
function formatDistance(miles: number): string {
  return `${Math.max(miles, 0.1).toFixed(1)} mi away`;
}

/** A website's host to show ('bean.example'), or null for anything but an http(s) address. */
function websiteHost(website: string): string | null {
  try {
    const url = new URL(website);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}

const contactLink =
  'inline-flex min-w-0 items-center gap-1.5 rounded-sm underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden';

/** How to reach the business and what it says about itself, as it keeps them on Settings. */
function BusinessContactDetails({ contact }: { contact: BusinessContact }) {
  const host = contact.website ? websiteHost(contact.website) : null;
  if (!contact.description && !host && !contact.email && !contact.phone) return null;
  return (
    <div className="grid gap-1.5 text-sm text-muted-foreground">
      {contact.description && <p className="break-words">{contact.description}</p>}
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {host && contact.website && (
          <li className="min-w-0">
            <a
              href={contact.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={contactLink}
            >
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Website: </span>
              <span className="truncate">{host}</span>
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        )}
        {contact.email && (
          <li className="min-w-0">
            <a href={`mailto:${contact.email}`} className={contactLink}>
              <Mail className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Email: </span>
              <span className="truncate">{contact.email}</span>
            </a>
          </li>
        )}
        {contact.phone && (
          <li className="min-w-0">
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`} className={contactLink}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              <span className="sr-only">Phone: </span>
              {contact.phone}
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * One offer of the marketplace (and of the Home list): what it is worth, where and until when,
 * how many are left, and a Claim button that puts a card in the consumer's wallet once the
 * consumer has seen, and agreed to, what the business will receive.
 */
// Memoised: the marketplace renders again as each of its answers arrives (brands, location,
// counts), and its offers, the same objects until the list itself changes, need not.
export const MarketplacePinCard = memo(function MarketplacePinCard({
  pin,
  headingLevel = 2,
}: MarketplacePinCardProps) {
  const titleId = useId();
  const Title = headingLevel === 3 ? 'h3' : 'h2';
  const { data: brands } = useBrands();
  const [claimed, setClaimed] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const claimPin = useClaimPin({
    mutationConfig: {
      onSuccess: () => {
        setClaimed(true);
        setConfirming(false);
        toast({ title: 'Gift card claimed', description: `${pin.message} is now in your wallet` });
      },
      onError: (error) => {
        // Sold out, expired or claimed already: asking again would not help; the offers refresh.
        setConfirming(false);
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to claim the gift card. Please try again.'),
        });
      },
    },
  });

  const brandName = brandDisplayName(pin.brand);
  const emoji = logoEmoji(brands?.find((brand) => brand.id === pin.brand)?.logo);
  const place = [pin.city, pin.state].filter(Boolean).join(', ');
  const soldOut = pin.remaining <= 0;
  // The business gets the details even when it chose not to show itself on the offer: the
  // consumer is told who (the card names it as its sender once claimed anyway).
  const businessName = pin.business_name || pin.sender_name || 'The business';

  return (
    <article aria-labelledby={titleId} className="h-full">
      <Card className="flex h-full flex-col">
        <CardContent className="flex flex-1 flex-col gap-3 p-4">
          <div className="flex items-start gap-3">
            <span role="img" aria-label={brandName} className="text-3xl leading-none">
              {emoji}
            </span>
            <div className="grid min-w-0 flex-1 gap-1">
              <Title id={titleId} className="leading-tight font-semibold break-words">
                {pin.message}
              </Title>
              {pin.display_business_name && pin.business_name && (
                <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Store className="size-4 shrink-0" aria-hidden="true" />
                  <span className="min-w-0 break-words">Offered by {pin.business_name}</span>
                </p>
              )}
            </div>
            <p className="shrink-0 text-lg font-bold tabular-nums">{formatUsd(pin.value)}</p>
          </div>

          {pin.display_business_name && pin.business_contact && (
            <BusinessContactDetails contact={pin.business_contact} />
          )}

          {pin.recommended && (
            <Badge variant="success" className="w-fit gap-1">
              <Sparkles className="size-3" aria-hidden="true" />
              Recommended for you
            </Badge>
          )}

          {pin.promotion_message && (
            <p className="text-sm break-words italic">“{pin.promotion_message}”</p>
          )}

          <ul className="grid gap-1.5 text-sm text-muted-foreground">
            <li className="flex items-start gap-1.5">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 break-words">
                {pin.location_name}
                {place && `, ${place}`}
              </span>
            </li>
            {typeof pin.distance_miles === 'number' && (
              <li className="flex items-center gap-1.5">
                <Navigation className="size-4 shrink-0" aria-hidden="true" />
                {formatDistance(pin.distance_miles)}
              </li>
            )}
            <li className="flex items-center gap-1.5">
              <Ticket className="size-4 shrink-0" aria-hidden="true" />
              <span className="tabular-nums">{pin.remaining} left</span>
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              Expires {formatDate(pin.expiration_date)}
            </li>
          </ul>

          <ClaimPinDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button
                className="mt-auto w-full"
                disabled={claimPin.isPending || claimed || soldOut}
                aria-describedby={titleId}
              >
                {claimed ? (
                  <>
                    <Check aria-hidden="true" />
                    Claimed
                  </>
                ) : claimPin.isPending ? (
                  'Claiming...'
                ) : soldOut ? (
                  'Sold out'
                ) : (
                  'Claim'
                )}
              </Button>
            }
            offer={pin.message}
            businessName={businessName}
            pending={claimPin.isPending}
            onClaim={({ sharePhone }) => claimPin.mutate({ pinId: pin.id, sharePhone })}
          />
        </CardContent>
      </Card>
    </article>
  );
});

/** A card-shaped placeholder while offers load. */
export function MarketplacePinCardSkeleton() {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <Skeleton className="size-8 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <Skeleton className="h-6 w-14" />
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-10 w-full" />
    </Card>
  );
}
