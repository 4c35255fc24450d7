import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { brandDisplayName } from '@shared/constants';
import {
  sendGiftCardSchema,
  type UserSearchResult,
  type WalletGiftCard,
} from '@shared/schema/gift-cards';
import { useConsumerGiftCards } from '@/api/get-consumer-gift-cards';
import { useSendGiftCard } from '@/api/send-gift-card';
import { buttonVariants } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Form, FormField } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatUsd } from '@/lib/format';
import { paths } from '@/lib/paths';
import { UserSearchField, type SelectedUser } from './user-search-field';
import { GiftMessageField } from '@/components/gift-cards/gift-message-field';

/** The most cards the picker lists (the API's page size limit). */
const CARDS_LIMIT = 100;

export const NO_UNUSED_CARDS = 'You have no unused gift cards to send.';
const CHOOSE_CARD = 'Choose a gift card to send';

type Recipient = { username: string; name: string };

type SendGiftDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who receives the gift, when the caller already knows (a gift request, the leaderboard). */
  recipient?: Recipient;
  /** The card to preselect, when it is one of the user's unused cards. */
  cardId?: number;
};

/** Gives one of the signed-in consumer's unused gift cards to another consumer. */
export function SendGiftDialog({ open, onOpenChange, recipient, cardId }: SendGiftDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Gift"
      description="Give one of your unused gift cards to a friend."
    >
      <SendGiftContent
        key={`${recipient?.username ?? ''}:${cardId ?? ''}`}
        recipient={recipient}
        cardId={cardId}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

/** A card can be given away only while nothing has been spent from it. */
function isUnused(card: WalletGiftCard): boolean {
  return card.status === 'active' && card.balance === card.value;
}

type SendGiftContentProps = {
  recipient?: Recipient;
  cardId?: number;
  onDone: () => void;
};

function SendGiftContent({ recipient, cardId, onDone }: SendGiftContentProps) {
  const cards = useConsumerGiftCards({ limit: CARDS_LIMIT });

  if (cards.isPending) {
    return (
      <div role="status" aria-label="Loading your gift cards" className="grid gap-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-14 w-full" />
        ))}
      </div>
    );
  }

  if (cards.isError) {
    return (
      <ErrorAlert
        message={errorMessage(cards.error, 'Failed to load your gift cards.')}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  }

  const unused = cards.data.items.filter(isUnused);
  if (unused.length === 0) {
    return (
      <div className="grid gap-3 py-2 text-center">
        <p className="text-muted-foreground">{NO_UNUSED_CARDS}</p>
        <Link
          href={paths.marketplace}
          onClick={onDone}
          className={buttonVariants({ variant: 'link' })}
        >
          Find offers in the Marketplace
        </Link>
      </div>
    );
  }

  return (
    <SendGiftForm
      cards={unused}
      recipient={recipient}
      cardId={unused.some((card) => card.id === cardId) ? cardId : undefined}
      onDone={onDone}
    />
  );
}

/** The server's schema for the body, plus the card the form picks (it goes in the path). */
const sendGiftFormSchema = sendGiftCardSchema.extend({
  cardId: z.number({ error: CHOOSE_CARD }).int(CHOOSE_CARD).positive(CHOOSE_CARD),
});
type SendGiftFormInput = z.input<typeof sendGiftFormSchema>;
type SendGiftFormOutput = z.output<typeof sendGiftFormSchema>;

type SendGiftFormProps = {
  cards: WalletGiftCard[];
  recipient?: Recipient;
  cardId?: number;
  onDone: () => void;
};

function SendGiftForm({ cards, recipient, cardId, onDone }: SendGiftFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState<SelectedUser | null>(recipient ?? null);
  const cardsLabelId = useId();
  const form = useForm<SendGiftFormInput, unknown, SendGiftFormOutput>({
    resolver: zodResolver(sendGiftFormSchema),
    defaultValues: {
      // Unset until chosen: the schema then says what is missing.
      cardId,
      recipientUsername: recipient?.username ?? '',
      message: '',
    },
  });

  const sendGift = useSendGiftCard({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: 'Gift sent',
          description: `Your gift card has been sent to ${chosen?.name ?? 'your friend'}`,
        });
        onDone();
      },
      onError: (error) => {
        const message = errorMessage(error, 'Failed to send gift card');
        setFailure(message);
        toast({ variant: 'destructive', title: 'Error', description: message });
      },
    },
  });

  const selectRecipient = (user: UserSearchResult) => {
    setChosen(user);
    form.setValue('recipientUsername', user.username, { shouldValidate: true });
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    sendGift.mutate({
      cardId: values.cardId,
      recipientUsername: values.recipientUsername,
      message: values.message || undefined,
    });
  });

  const selectedCardId = form.watch('cardId');
  const recipientUsername = form.watch('recipientUsername');
  const recipientError = form.formState.errors.recipientUsername?.message;

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <FormField
          control={form.control}
          name="cardId"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <p id={cardsLabelId} className="text-sm leading-none font-medium">
                Gift card
              </p>
              <RadioGroup
                aria-labelledby={cardsLabelId}
                aria-invalid={!!fieldState.error}
                value={field.value ? String(field.value) : ''}
                onValueChange={(value) => field.onChange(Number(value))}
                className="max-h-60 overflow-y-auto p-0.5"
              >
                {cards.map((card) => (
                  <CardOption key={card.id} card={card} />
                ))}
              </RadioGroup>
              {fieldState.error?.message && (
                <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
              )}
            </div>
          )}
        />

        <div className="grid gap-2">
          <UserSearchField
            label="Send to"
            type="consumer"
            selected={chosen}
            onSelect={selectRecipient}
          />
          {recipientError && (
            <p className="text-sm font-medium text-destructive">{recipientError}</p>
          )}
        </div>

        <GiftMessageField control={form.control} name="message" placeholder="Add a personal note" />

        <FormDialogFooter
          submitLabel="Send Gift"
          pendingLabel="Sending..."
          pending={sendGift.isPending}
          disabled={!selectedCardId || !recipientUsername}
          failure={failure}
        />
      </form>
    </Form>
  );
}

function CardOption({ card }: { card: WalletGiftCard }) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
    >
      <RadioGroupItem id={id} value={String(card.id)} />
      <span className="grid min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="font-medium">{brandDisplayName(card.brand)}</span>
          <span className="font-semibold tabular-nums">{formatUsd(card.value)}</span>
        </span>
        <span className="truncate text-sm text-muted-foreground">From {card.sender_name}</span>
        <span className="text-xs text-muted-foreground">Expires: {formatDate(card.expires)}</span>
      </span>
    </label>
  );
}
