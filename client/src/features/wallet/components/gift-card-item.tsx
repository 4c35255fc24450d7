import { useEffect, useId, useRef } from 'react';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

type GiftCardItemProps = {
  card: WalletGiftCard;
  brandName: string;
  emoji: string;
  onUse: () => void;
  /** Opens the card's details and history. */
  onDetails: () => void;
  /** The card a link pointed at (/wallet?card={id}, e.g. from a notification): shown and marked. */
  highlighted?: boolean;
};

/**
 * A card in the wallet: logo, sender, 'Expires: date', amount and 'Use Card'; 'Promotional' when a
 * business gave it, the giver's message, and 'History' for the card's details and history.
 */
export function GiftCardItem({
  card,
  brandName,
  emoji,
  onUse,
  onDetails,
  highlighted = false,
}: GiftCardItemProps) {
  const titleId = useId();
  const itemRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    itemRef.current?.scrollIntoView?.({ block: 'center' });
    itemRef.current?.querySelector('button')?.focus();
  }, [highlighted]);
  const partlyUsed = card.balance < card.value;
  return (
    <li ref={itemRef} aria-current={highlighted ? 'true' : undefined}>
      <article
        aria-labelledby={titleId}
        className={cn(
          'flex h-full flex-col gap-4 rounded-lg border bg-card p-4',
          highlighted && 'ring-2 ring-primary',
        )}
      >
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="text-3xl leading-none">
            {emoji}
          </span>
          <div className="grid min-w-0 flex-1 gap-0.5">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <h3 id={titleId} className="font-semibold">
                {brandName}
              </h3>
              {card.promotional && <Badge variant="secondary">Promotional</Badge>}
            </div>
            <p className="text-sm wrap-anywhere text-muted-foreground">From {card.sender_name}</p>
            <p className="text-sm text-muted-foreground">Expires: {formatDate(card.expires)}</p>
            {card.message && (
              <p className="mt-1 line-clamp-2 text-sm wrap-anywhere italic">“{card.message}”</p>
            )}
          </div>
          <p className="text-right whitespace-nowrap">
            <span className="block text-xl font-bold tabular-nums">{formatUsd(card.balance)}</span>
            {partlyUsed && (
              <span className="block text-xs text-muted-foreground tabular-nums">
                of {formatUsd(card.value)}
              </span>
            )}
          </p>
        </div>
        <div className="mt-auto grid grid-cols-[1fr_auto] gap-2">
          <Button onClick={onUse} aria-describedby={titleId}>
            Use Card
          </Button>
          <Button variant="outline" onClick={onDetails} aria-describedby={titleId}>
            History
          </Button>
        </div>
      </article>
    </li>
  );
}
