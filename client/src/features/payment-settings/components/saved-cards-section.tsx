import { CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { isCardExpired, PAYMENT_SETTINGS_MESSAGES, type SavedCard } from '@shared/schema/payments';
import { useSavedCards } from '@/api/payments/get-saved-cards';
import { useRemoveSavedCard } from '@/api/payments/remove-saved-card';
import { useSetDefaultCard } from '@/api/payments/set-default-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { AddCardDialog } from './add-card-dialog';
import { brandName, cardExpiry, cardName } from './card-label';
import { PaymentSettingsSection } from './payment-settings-section';

/** The cards I pay with: add one, make one the default, remove one. */
export function SavedCardsSection() {
  const cards = useSavedCards();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const setDefault = useSetDefaultCard({
    mutationConfig: {
      onSuccess: (card) =>
        toast({
          title: PAYMENT_SETTINGS_MESSAGES.defaultChanged,
          description: `${cardName(card)} is now your default card.`,
        }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Default card not changed',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });
  const remove = useRemoveSavedCard({
    mutationConfig: {
      onSuccess: () => {
        if (removing) {
          toast({
            title: PAYMENT_SETTINGS_MESSAGES.cardRemoved,
            description: `${cardName(removing)} was removed.`,
          });
        }
        setRemoving(null);
      },
      onError: (error) => {
        setRemoving(null);
        toast({
          variant: 'destructive',
          title: 'Card not removed',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  return (
    <PaymentSettingsSection
      id="cards"
      title="Saved cards"
      description="Cards you can pay with. The default card is offered first."
      actions={
        cards.isSuccess && (
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" />
            Add card
          </Button>
        )
      }
    >
      {cards.isPending ? (
        <div role="status" aria-label="Loading saved cards" className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : cards.isError ? (
        <ErrorAlert
          message="Failed to load your saved cards."
          onRetry={() => void cards.refetch()}
          retrying={cards.isRefetching}
        />
      ) : cards.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No saved cards yet. Add one to pay faster next time.
        </p>
      ) : (
        <ul aria-label="Saved cards" className="grid gap-3">
          {cards.data.map((card) => (
            <SavedCardItem
              key={card.id}
              card={card}
              busy={
                (setDefault.isPending && setDefault.variables === card.id) ||
                (remove.isPending && remove.variables === card.id)
              }
              onMakeDefault={() => setDefault.mutate(card.id)}
              onRemove={() => setRemoving(card)}
            />
          ))}
        </ul>
      )}

      <AddCardDialog
        open={adding}
        onOpenChange={setAdding}
        hasCards={(cards.data?.length ?? 0) > 0}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this card?"
        description={
          removing
            ? `${cardName(removing)} will no longer be offered when you pay.${
                removing.isDefault ? ' Your newest other card becomes the default.' : ''
              }`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id);
        }}
      />
    </PaymentSettingsSection>
  );
}

type SavedCardItemProps = {
  card: SavedCard;
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
};

function SavedCardItem({ card, busy, onMakeDefault, onRemove }: SavedCardItemProps) {
  const expired = isCardExpired(card.expMonth, card.expYear);
  const name = cardName(card);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-md border p-3">
      <CreditCard className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>
            {brandName(card)} <span aria-hidden="true">•••• </span>
            <span className="sr-only">ending </span>
            {card.last4}
          </span>
          {card.isDefault && <Badge variant="secondary">Default</Badge>}
          {expired && <Badge variant="warning">Expired</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">Expires {cardExpiry(card)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {!card.isDefault && (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={onMakeDefault}
            aria-label={`Make default: ${name}`}
          >
            Make default
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={onRemove}
          aria-label={`Remove ${name}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}
