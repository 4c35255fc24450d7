import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { BRAND_IDS, brandDisplayName, type BrandId, LIMITS } from '@shared/constants';
import {
  guestGiftSchema,
  sendGiftCardSchema,
  type UserSearchResult,
  type WalletGiftCard,
} from '@shared/schema/gift-cards';
import { useConsumerGiftCards } from '@/api/get-consumer-gift-cards';
import { useUser } from '@/api/get-user';
import { useSendGiftCard } from '@/api/send-gift-card';
import { Button, buttonVariants } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatUsd } from '@/lib/format';
import { numberFieldsResolver } from '@/lib/number-fields-resolver';
import { paths } from '@/lib/paths';
import { useIdempotencyKey, type IdempotencyKey } from '@/lib/use-idempotency-key';
import { GiftPaymentStep, type GiftPurchase } from './gift-payment-step';
import { UserSearchField, type SelectedUser } from './user-search-field';
import { GiftMessageField } from '@/components/gift-cards/gift-message-field';

/** The most cards the picker lists (the API's page size limit). */
const CARDS_LIMIT = 100;

export const NO_CARDS_TO_SEND = 'You have no gift cards to send.';
const CHOOSE_CARD = 'Choose a gift card to send';

type Recipient = { username: string; name: string };

/** The card a friend asked for: a brand and an amount in dollars, either possibly unsaid. */
export type WantedCard = { brand: string | null; amount: number | null };

type SendGiftDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who receives the gift, when the caller already knows (a gift request, the leaderboard). */
  recipient?: Recipient;
  /** The card to preselect, when it is one of the user's cards with value left. */
  cardId?: number;
  /** A gift request's card: the dialog opens on buying a new one, with it filled in. */
  wanted?: WantedCard;
};

const OWNED = 'owned';
const NEW = 'new';

/**
 * Gives a friend one of the signed-in consumer's cards, or a new card bought for them (any brand,
 * $5 to $500, paid by card in the same dialog).
 */
export function SendGiftDialog({
  open,
  onOpenChange,
  recipient,
  cardId,
  wanted,
}: SendGiftDialogProps) {
  // Held here, not in the form: a retry after a lost answer, even reopened, is charged once.
  const idempotency = useIdempotencyKey();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Gift"
      description="Give one of your cards, or buy a new one, for a friend."
    >
      <SendGiftTabs
        key={`${recipient?.username ?? ''}:${cardId ?? ''}:${wanted?.brand ?? ''}:${wanted?.amount ?? ''}`}
        recipient={recipient}
        cardId={cardId}
        wanted={wanted}
        idempotency={idempotency}
        onDone={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

type SendGiftTabsProps = {
  recipient?: Recipient;
  cardId?: number;
  wanted?: WantedCard;
  idempotency: IdempotencyKey;
  onDone: () => void;
};

function SendGiftTabs({ recipient, cardId, wanted, idempotency, onDone }: SendGiftTabsProps) {
  const [tab, setTab] = useState(wanted?.brand || wanted?.amount ? NEW : OWNED);
  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList className="grid w-full grid-cols-2">
        <TabsTrigger value={OWNED}>One of my cards</TabsTrigger>
        <TabsTrigger value={NEW}>A new card</TabsTrigger>
      </TabsList>
      <TabsContent value={OWNED}>
        <SendGiftContent
          recipient={recipient}
          cardId={cardId}
          onBuyNew={() => setTab(NEW)}
          onDone={onDone}
        />
      </TabsContent>
      <TabsContent value={NEW}>
        <NewCardGift
          recipient={recipient}
          wanted={wanted}
          idempotency={idempotency}
          onDone={onDone}
        />
      </TabsContent>
    </Tabs>
  );
}

/** A card with value left can be given on: the friend gets what is left on it. */
function isSendable(card: WalletGiftCard): boolean {
  return card.status === 'active' && card.balance > 0;
}

type SendGiftContentProps = {
  recipient?: Recipient;
  cardId?: number;
  onBuyNew: () => void;
  onDone: () => void;
};

function SendGiftContent({ recipient, cardId, onBuyNew, onDone }: SendGiftContentProps) {
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

  const sendable = cards.data.items.filter(isSendable);
  if (sendable.length === 0) {
    return (
      <div className="grid gap-3 py-2 text-center">
        <p className="text-muted-foreground">{NO_CARDS_TO_SEND}</p>
        <Button type="button" onClick={onBuyNew}>
          Buy a new card
        </Button>
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
      cards={sendable}
      recipient={recipient}
      cardId={sendable.some((card) => card.id === cardId) ? cardId : undefined}
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

        <RecipientField selected={chosen} onSelect={selectRecipient} error={recipientError} />

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
          <span className="tabular-nums">
            <span className="font-semibold">{formatUsd(card.balance)}</span>
            {card.balance < card.value && (
              <span className="text-sm text-muted-foreground"> of {formatUsd(card.value)}</span>
            )}
          </span>
        </span>
        <span className="truncate text-sm text-muted-foreground">From {card.sender_name}</span>
        <span className="text-xs text-muted-foreground">Expires: {formatDate(card.expires)}</span>
      </span>
    </label>
  );
}

// ---------------------------------------------------------------------------------------------
// A new card, bought for the friend
// ---------------------------------------------------------------------------------------------

const AMOUNT_HINT = `Enter an amount between $${LIMITS.giftAmountMin} and $${LIMITS.giftAmountMax}`;

/** The gift's own fields, as the server checks them; the buyer's e-mail comes from the account. */
const newCardSchema = guestGiftSchema.pick({
  recipientUsername: true,
  brand: true,
  value: true,
  message: true,
});
type NewCardFormInput = {
  recipientUsername: string;
  brand: string;
  /** The amount as typed, in dollars. */
  value: string;
  message: string;
};
type NewCardFormOutput = z.output<typeof newCardSchema>;

const isBrand = (brand: string | null | undefined): brand is BrandId =>
  (BRAND_IDS as readonly string[]).includes(brand ?? '');

type NewCardGiftProps = {
  recipient?: Recipient;
  wanted?: WantedCard;
  idempotency: IdempotencyKey;
  onDone: () => void;
};

/** Buying a new card for a friend: brand, amount, who and a message, then the payment. */
function NewCardGift({ recipient, wanted, idempotency, onDone }: NewCardGiftProps) {
  const brandsLabelId = useId();
  const { data: user } = useUser();
  const [chosen, setChosen] = useState<SelectedUser | null>(recipient ?? null);
  const [purchase, setPurchase] = useState<GiftPurchase | null>(null);
  const form = useForm<NewCardFormInput, unknown, NewCardFormOutput>({
    resolver: numberFieldsResolver<NewCardFormInput, typeof newCardSchema>(newCardSchema, [
      'value',
    ]),
    defaultValues: {
      recipientUsername: recipient?.username ?? '',
      brand: isBrand(wanted?.brand) ? wanted.brand : '',
      value: wanted?.amount ? String(wanted.amount) : '',
      message: '',
    },
  });

  if (purchase) {
    return (
      <GiftPaymentStep
        purchase={purchase}
        idempotency={idempotency}
        onBack={() => setPurchase(null)}
        onPaid={() => {
          toast({
            title: 'Gift sent',
            description: `Your gift card has been sent to ${chosen?.name ?? 'your friend'}`,
          });
          onDone();
        }}
      />
    );
  }

  const selectRecipient = (selected: UserSearchResult) => {
    setChosen(selected);
    form.setValue('recipientUsername', selected.username, { shouldValidate: true });
  };

  const submit = form.handleSubmit((values) => {
    setPurchase({
      recipientUsername: values.recipientUsername,
      brand: values.brand,
      valueCents: values.value,
      // The receipt goes to the account's address; the gift is recorded with it too.
      senderEmail: user?.email ?? '',
      message: values.message,
    });
  });

  const recipientError = form.formState.errors.recipientUsername?.message;
  const brand = form.watch('brand');
  const value = form.watch('value');
  const recipientUsername = form.watch('recipientUsername');

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <FormField
          control={form.control}
          name="brand"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <p id={brandsLabelId} className="text-sm leading-none font-medium">
                Brand
              </p>
              <RadioGroup
                aria-labelledby={brandsLabelId}
                aria-invalid={!!fieldState.error}
                value={field.value}
                onValueChange={field.onChange}
                className="grid-cols-1 sm:grid-cols-3"
              >
                {BRAND_IDS.map((id) => (
                  <BrandOption key={id} brand={id} />
                ))}
              </RadioGroup>
              {fieldState.error?.message && (
                <p className="text-sm font-medium text-destructive">{fieldState.error.message}</p>
              )}
            </div>
          )}
        />

        <FormField
          control={form.control}
          name="value"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount ($)</FormLabel>
              <FormControl>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={LIMITS.giftAmountMin}
                  max={LIMITS.giftAmountMax}
                  step="0.01"
                  autoComplete="off"
                  placeholder="25.00"
                  {...field}
                />
              </FormControl>
              <FormDescription>{AMOUNT_HINT}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        <RecipientField selected={chosen} onSelect={selectRecipient} error={recipientError} />

        <GiftMessageField control={form.control} name="message" placeholder="Add a personal note" />

        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={!brand || !value.trim() || !recipientUsername}>
            Continue to payment
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function BrandOption({ brand }: { brand: BrandId }) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
    >
      <RadioGroupItem id={id} value={brand} />
      <span className="font-medium">{brandDisplayName(brand)}</span>
    </label>
  );
}

/** 'Send to': the consumer the gift goes to, with the form's message when none is chosen. */
function RecipientField({
  selected,
  onSelect,
  error,
}: {
  selected: SelectedUser | null;
  onSelect: (user: UserSearchResult) => void;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-2">
      <UserSearchField label="Send to" type="consumer" selected={selected} onSelect={onSelect} />
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}
