import { useId } from 'react';
import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { Button } from '@/components/ui/button';
import { formatDate, formatUsd } from '@/lib/format';

type GiftCardItemProps = {
  card: WalletGiftCard;
  brandName: string;
  emoji: string;
  onUse: () => void;
};

/** Spec §2 Wallet: logo, sender, 'Expires: date', amount and 'Use Card'. */
export function GiftCardItem({ card, brandName, emoji, onUse }: GiftCardItemProps) {
  const titleId = useId();
  const partlyUsed = card.balance < card.value;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex h-full flex-col gap-4 rounded-lg border bg-card p-4"
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
