import { useEffect, useRef, useState } from 'react';
import { brandDisplayName } from '@shared/constants';
import { REDEMPTION_CODE, type WalletGiftCard } from '@shared/schema/gift-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatUsd } from '@/lib/format';
import { needsProof, useRedemptionCode } from '../api/create-redemption-code';
import { CardProofStep } from './card-proof-step';

type UseCardDialogProps = {
  card: WalletGiftCard;
  brandName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Use Card': the card shown for the cashier — a QR code and a short code that change every
 * minute, with the brand, balance and expiry. When the last proof of who the holder is has grown
 * old, the dialog first asks for the wallet PIN (or the password) itself, then shows the code. The business that accepts the card scans or types
 * the code and takes the amount; when it does, the screen shows the new balance (the wallet is
 * refreshed by the live notification), and closes once the card is spent in full.
 */
export function UseCardDialog({ card, brandName, open, onOpenChange }: UseCardDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Use ${brandName} gift card`}
      description="Show this code to the cashier. It changes every minute, so a copy of it soon stops working."
      className="max-w-md"
    >
      <CardForCashier card={card} brandName={brandName} onSpent={() => onOpenChange(false)} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </DialogFooter>
    </FormDialog>
  );
}

/** Seconds until the next code, counted down once a second from when the code arrived. */
function useSecondsUntilRefresh(fetchedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.ceil((fetchedAt + REDEMPTION_CODE.refreshSeconds * 1000 - now) / 1000);
  return Math.min(REDEMPTION_CODE.refreshSeconds, Math.max(0, left));
}

type CardForCashierProps = { card: WalletGiftCard; brandName: string; onSpent: () => void };

function CardForCashier({ card, brandName, onSpent }: CardForCashierProps) {
  const { data, dataUpdatedAt, error, isPending, isError, refetch, isFetching } = useRedemptionCode(
    card.id,
  );
  const seconds = useSecondsUntilRefresh(dataUpdatedAt);

  // What the card held when this screen last looked: a lower balance means a counter took some.
  const lastBalance = useRef(card.balance);
  const [spent, setSpent] = useState<{ amount: number; balance: number } | null>(null);
  useEffect(() => {
    if (!data) return;
    const before = lastBalance.current;
    lastBalance.current = data.card.balance;
    if (data.card.balance < before) {
      setSpent({ amount: before - data.card.balance, balance: data.card.balance });
    }
  }, [data]);

  // Spent in full: the card can no longer make a code (409), so the screen has done its job.
  const usedUp = error instanceof ApiError && error.status === 409;
  const closing = useRef({ brandName, onSpent });
  useEffect(() => {
    closing.current = { brandName, onSpent };
  });
  useEffect(() => {
    if (!usedUp) return;
    toast({
      title: 'Card used',
      description: `Your ${closing.current.brandName} gift card has been spent in full.`,
    });
    closing.current.onSpent();
  }, [usedUp]);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading code" className="grid justify-items-center gap-3">
        <Skeleton className="size-48" />
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-5 w-56" />
      </div>
    );
  }

  if (isError && needsProof(error)) {
    return <CardProofStep onConfirmed={() => refetch()} />;
  }

  if (isError && !usedUp) {
    return (
      <ErrorAlert
        message={
          error instanceof ApiError && error.status !== 500 && error.message
            ? error.message
            : "Failed to load the card's code. Please try again."
        }
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  if (!data) return null;

  return (
    <div className="grid gap-4">
      {spent && (
        <p
          role="status"
          className="rounded-md border border-primary/40 bg-primary/5 p-3 text-center text-sm"
        >
          {formatUsd(spent.amount)} spent at the counter. Remaining balance{' '}
          {formatUsd(spent.balance)}.
        </p>
      )}
      <figure className="grid justify-items-center gap-2">
        <img
          src={data.qrCode}
          alt={`QR code for the cashier: ${data.code}`}
          decoding="async"
          className="size-48 rounded-md border bg-white p-2"
        />
        <figcaption className="grid justify-items-center gap-0.5 text-center">
          <span className="text-xs text-muted-foreground">Code for the cashier</span>
          <span
            aria-label={`Code ${data.code.split('').join(' ')}`}
            className="font-mono text-3xl font-semibold tracking-widest select-all"
          >
            {data.code}
          </span>
          <span className="text-xs text-muted-foreground tabular-nums">
            {isFetching ? 'Getting a new code...' : `New code in ${seconds}s`}
          </span>
        </figcaption>
      </figure>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border p-3 text-sm">
        <dt className="text-muted-foreground">Brand</dt>
        <dd className="flex flex-wrap items-center gap-2 font-medium">
          {brandDisplayName(data.card.brand)}
          {data.card.promotional && <Badge variant="secondary">Promotional</Badge>}
        </dd>
        <dt className="text-muted-foreground">Balance</dt>
        <dd className="font-semibold tabular-nums">{formatUsd(data.card.balance)}</dd>
        <dt className="text-muted-foreground">Expires</dt>
        <dd>{formatDate(data.card.expires)}</dd>
      </dl>
    </div>
  );
}
