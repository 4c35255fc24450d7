import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { centsToDollars } from '@shared/money';
import {
  GIFT_CARD_MESSAGES,
  redeemGiftCardSchema,
  type WalletGiftCard,
} from '@shared/schema/gift-cards';
import { ErrorAlert } from '@/components/ui/error-alert';
import { Form } from '@/components/ui/form';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatUsd } from '@/lib/format';
import { numberFieldsResolver, parseNumberInput } from '@/lib/number-fields-resolver';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useGiftCardCode } from '../api/get-gift-card-code';
import { useRedeemGiftCard } from '../api/redeem-gift-card';
import { AmountField } from './amount-field';

type UseCardDialogProps = {
  card: WalletGiftCard;
  brandName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * 'Use Card': the card's code and a QR of it for the cashier, and the amount spent
 * (the whole balance unless the consumer says less), which the server takes off the balance.
 */
export function UseCardDialog({ card, brandName, open, onOpenChange }: UseCardDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Use ${brandName} gift card`}
      description={`Show the code to the cashier, then enter what you spent. Balance: ${formatUsd(card.balance)}`}
    >
      <CardCode cardId={card.id} />
      <RedeemForm card={card} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CardCode({ cardId }: { cardId: number }) {
  const { data, isPending, isError, refetch, isFetching } = useGiftCardCode(cardId);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading code" className="grid justify-items-center gap-3">
        <Skeleton className="size-48" />
        <Skeleton className="h-6 w-48" />
      </div>
    );
  }

  if (isError) {
    return (
      <ErrorAlert
        message="Failed to load the card's code. Please try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }

  return (
    <figure className="grid justify-items-center gap-2">
      <img
        src={data.qrCode}
        alt={`QR code for gift card ${data.code}`}
        loading="lazy"
        decoding="async"
        className="size-48 rounded-md border bg-white p-2"
      />
      <figcaption className="grid justify-items-center gap-0.5 text-center">
        <span className="text-xs text-muted-foreground">Card code</span>
        <span className="font-mono text-lg font-semibold tracking-wider break-all select-all">
          {data.code}
        </span>
      </figcaption>
    </figure>
  );
}

type RedeemFormValues = { amount: string };

function redeemFormSchema(balance: number) {
  const balanceCents = Math.round(balance * 100);
  return z.object({
    amount: redeemGiftCardSchema.shape.amount.refine(
      (cents) => cents <= balanceCents,
      GIFT_CARD_MESSAGES.overBalance,
    ),
  });
}

function RedeemForm({ card, onDone }: { card: WalletGiftCard; onDone: () => void }) {
  const idempotency = useIdempotencyKey();
  const schema = useMemo(() => redeemFormSchema(card.balance), [card.balance]);
  const form = useForm<RedeemFormValues, unknown, { amount: number }>({
    resolver: numberFieldsResolver<RedeemFormValues, typeof schema>(schema, ['amount']),
    defaultValues: { amount: card.balance.toFixed(2) },
  });
  const typed = parseNumberInput(useWatch({ control: form.control, name: 'amount' }));

  const redeem = useRedeemGiftCard({
    mutationConfig: {
      onSuccess: (result) => {
        idempotency.reset();
        toast({
          title: 'Card used',
          description: `${formatUsd(result.redeemed)} used. Remaining balance ${formatUsd(result.giftCard.balance)}.`,
        });
        onDone();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorMessage(error, 'Failed to use the card'),
        });
        for (const [field, message] of serverFieldErrors(error, ['amount'])) {
          form.setError(field, { message });
        }
      },
    },
  });

  const submit = form.handleSubmit((values) => {
    // The schema gives cents; the API speaks dollars.
    const request = { cardId: card.id, amount: centsToDollars(values.amount) };
    redeem.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <AmountField control={form.control} name="amount" min={0.01} max={card.balance} />
        <FormDialogFooter
          submitLabel={
            Number.isFinite(typed) && typed > 0 ? `Use ${formatUsd(typed)}` : 'Use amount'
          }
          pendingLabel="Processing..."
          pending={redeem.isPending}
        />
      </form>
    </Form>
  );
}
