import { useEffect, useId, useRef } from 'react';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { Button } from '@/components/ui/button';
import { formatDate, formatUsd } from '@/lib/format';
import { cn } from '@/lib/utils';

type GiftCardItemProps = {
  card: WalletGiftCard;
  brandName: string;
  emoji: string;
  onUse: () => void;
  /** The card a link pointed at (/wallet?card={id}, e.g. from a notification): shown and marked. */
  highlighted?: boolean;
};

/** A card in the wallet: logo, sender, 'Expires: date', amount and 'Use Card'. */
export function GiftCardItem({
  card,
  brandName,
  emoji,
  onUse,
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
            <h3 id={titleId} className="font-semibold">
              {brandName}
            </h3>
            <p className="text-sm wrap-anywhere text-muted-foreground">From {card.sender_name}</p>
            <p className="text-sm text-muted-foreground">Expires: {formatDate(card.expires)}</p>
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
        <Button className="mt-auto w-full" onClick={onUse} aria-describedby={titleId}>
          Use Card
        </Button>
      </article>
    </li>
  );
}
