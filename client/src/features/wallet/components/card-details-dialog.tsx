import { type WalletGiftCard } from '@shared/schema/gift-cards';
import { Badge } from '@/components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatDate, formatUsd } from '@/lib/format';
import { CardHistoryList } from './card-history-list';

type CardDetailsDialogProps = {
  card: WalletGiftCard;
  brandName: string;
  emoji: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * A card in the holder's wallet, in full: brand, balance, expiry, whether a business gave it as a
 * promotion (it then keeps the promotion's expiry), what the giver wrote, and its history.
 */
export function CardDetailsDialog({
  card,
  brandName,
  emoji,
  open,
  onOpenChange,
}: CardDetailsDialogProps) {
  const title = `${brandName} gift card`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <span aria-hidden="true">{emoji}</span>
            {title}
          </DialogTitle>
          <DialogDescription>From {card.sender_name}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <div className="rounded-md bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Balance</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatUsd(card.balance)}</dd>
          </div>
          <div className="rounded-md bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Value</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatUsd(card.value)}</dd>
          </div>
          <div className="col-span-2 rounded-md bg-muted p-3 sm:col-span-1">
            <dt className="text-xs text-muted-foreground">Expires</dt>
            <dd className="text-lg font-semibold">{formatDate(card.expires)}</dd>
          </div>
        </dl>
        {card.promotional && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="secondary">Promotional</Badge>
            Given by a business as a promotion: it expires on the date the business set.
          </p>
        )}
        {card.message && (
          <figure className="rounded-md border-l-4 border-primary bg-muted/50 p-3">
            <blockquote className="text-sm wrap-anywhere whitespace-pre-line">
              {card.message}
            </blockquote>
            <figcaption className="mt-1 text-xs text-muted-foreground">
              {card.sender_name}
            </figcaption>
          </figure>
        )}
        <section aria-labelledby={`card-${card.id}-history`} className="grid gap-2">
          <h3 id={`card-${card.id}-history`} className="font-semibold">
            History
          </h3>
          <CardHistoryList cardId={card.id} label={`History of the ${title}`} />
        </section>
      </DialogContent>
    </Dialog>
  );
}
