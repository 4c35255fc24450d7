import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { brandDisplayName, type BrandId } from '@shared/constants';
import { centsToDollars } from '@shared/money';
import { guestGiftSchema, type GuestGiftResult } from '@shared/schema/gift-cards';
import { type SavedCard } from '@shared/schema/payments';
import { useUser } from '@/api/get-user';
import { useSavedCards } from '@/api/payments/get-saved-cards';
import { usePurchaseGiftCard } from '@/api/purchase-gift-card';
import { payLabel } from '@/components/payments/card-payment-fields';
import {
  initialPayment,
  PaymentMethodFields,
  type PaymentFieldValues,
  refinePaymentFields,
  usePaymentSource,
} from '@/components/payments/payment-method-fields';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDollars } from '@shared/money';
import { type IdempotencyKey } from '@/lib/use-idempotency-key';
import { GiftMessageField } from './gift-message-field';

const FAILED = 'Failed to send gift card';

/** What is being bought, settled by the step before: the payment step adds how it is paid. */
export type GiftPurchase = {
  recipientUsername: string;
  brand: BrandId;
  valueCents: number;
  senderEmail: string;
  /** The note, when the step before asked for it; otherwise this step asks. */
  message?: string;
};

const paymentStepSchema = z
  .object({
    message: guestGiftSchema.shape.message,
    paymentMethod: z.string(),
    card: z.object({ number: z.string(), expiry: z.string(), cvc: z.string() }),
  })
  .superRefine(refinePaymentFields);
type PaymentStepInput = z.input<typeof paymentStepSchema>;
type PaymentStepOutput = z.output<typeof paymentStepSchema>;

type GiftPaymentStepProps = {
  purchase: GiftPurchase;
  /** Held by the dialog, so a retry after a lost answer (even after closing) charges once. */
  idempotency: IdempotencyKey;
  onBack: () => void;
  onPaid: (result: GuestGiftResult) => void;
};

/**
 * The payment step of buying a gift card: what is bought, an optional message (unless asked
 * already), the card to pay with (a signed-in consumer's saved cards first, the default chosen),
 * and 'Pay $X.XX'. A refused payment (a declined card) keeps the step open with the reason in an
 * alert that takes the focus; nothing was issued.
 */
export function GiftPaymentStep(props: GiftPaymentStepProps) {
  const { data: user } = useUser();
  // Only a consumer pays as themselves: a guest (or a business, which buys as a guest does) has
  // no saved cards to offer.
  const savedCards = useSavedCards({ enabled: user?.type === 'consumer' });
  if (savedCards.isLoading) {
    return (
      <div role="status" aria-label="Loading your saved cards" className="grid gap-3">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  // Saved cards that cannot be read leave a new card to pay with.
  return <PaymentForm {...props} savedCards={savedCards.data ?? []} />;
}

function PaymentForm({
  purchase,
  savedCards,
  idempotency,
  onBack,
  onPaid,
}: GiftPaymentStepProps & { savedCards: readonly SavedCard[] }) {
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useForm<PaymentStepInput, unknown, PaymentStepOutput>({
    resolver: zodResolver(paymentStepSchema),
    defaultValues: { message: purchase.message ?? '', ...initialPayment(savedCards) },
  });
  const payment = usePaymentSource();
  const purchaseCard = usePurchaseGiftCard();
  const pending = payment.isPending || purchaseCard.isPending;

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const fail = (message: string) => {
    setFailure(message);
    toast({ variant: 'destructive', title: 'Error', description: message });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    let paidWith;
    try {
      paidWith = await payment.resolve(values as PaymentFieldValues, form.setError);
    } catch (error) {
      fail(errorMessage(error, FAILED));
      return;
    }
    // The card's own details were refused: the messages are beside its fields.
    if (!paidWith) return;
    const { fingerprint, ...source } = paidWith;
    const request = {
      recipientUsername: purchase.recipientUsername,
      brand: purchase.brand,
      // The API speaks dollars.
      value: centsToDollars(purchase.valueCents),
      senderEmail: purchase.senderEmail,
      message: values.message,
    };
    try {
      // One key per gift and card: a retry of the same reuses it; another card is a new payment.
      const idempotencyKey = idempotency.keyFor({ ...request, fingerprint });
      const body = idempotency.bodyFor({ ...request, ...source });
      const result = await purchaseCard.mutateAsync({ ...body, idempotencyKey });
      idempotency.reset();
      onPaid(result);
    } catch (error) {
      const status = (error as { status?: number }).status ?? 0;
      // A refusal is final (the card was declined, or the gift cannot be sent): the next attempt
      // is a new payment. An answer that never came may have been a success, so keep the key.
      if (status >= 400 && status < 500) idempotency.reset();
      fail(errorMessage(error, FAILED));
    }
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4">
        <p className="rounded-md bg-muted/50 p-3 text-sm">
          {formatDollars(purchase.valueCents)} {brandDisplayName(purchase.brand)} gift card for @
          {purchase.recipientUsername}
        </p>
        <PaymentMethodFields control={form.control} savedCards={savedCards} autoFocus />
        {purchase.message === undefined && (
          <GiftMessageField
            control={form.control}
            name="message"
            placeholder="Add a personal note"
          />
        )}
        {failure && (
          <Alert variant="destructive" ref={failureRef} tabIndex={-1}>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onBack} disabled={pending}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Paying...' : payLabel(purchase.valueCents)}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
