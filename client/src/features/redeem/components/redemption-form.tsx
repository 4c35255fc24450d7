import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { brandDisplayName } from '@shared/constants';
import { centsToDollars } from '@shared/money';
import {
  REDEMPTION_MESSAGES,
  redemptionAmountField,
  type RedemptionLookup,
  type RedemptionResult,
} from '@shared/schema/gift-cards';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/form-errors';
import { formatDate, formatUsd } from '@/lib/format';
import { numberFieldsResolver, parseNumberInput } from '@/lib/number-fields-resolver';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useRedeemCard } from '../api/redeem-card';

type FormValues = { amount: string; storeId: string };
type Parsed = { amount: number; storeId: string };

/** The shared amount rule, and no more than the card holds. */
function amountSchema(balance: number) {
  const balanceCents = Math.round(balance * 100);
  return z.object({
    amount: redemptionAmountField.refine(
      (cents) => cents <= balanceCents,
      REDEMPTION_MESSAGES.overBalance,
    ),
    storeId: z.string(),
  });
}

type RedemptionFormProps = {
  code: string;
  lookup: RedemptionLookup;
  onDone: (result: RedemptionResult) => void;
  onCancel: () => void;
  /** The code stopped working before the amount was taken (it expired, or was used). */
  onCodeGone: (message: string) => void;
};

/** The card behind the code, and the amount to take (up to its balance), confirmed once. */
export function RedemptionForm({
  code,
  lookup,
  onDone,
  onCancel,
  onCodeGone,
}: RedemptionFormProps) {
  const { card, stores } = lookup;
  const brand = brandDisplayName(card.brand);
  const idempotency = useIdempotencyKey();
  const schema = useMemo(() => amountSchema(card.balance), [card.balance]);
  const form = useForm<FormValues, unknown, Parsed>({
    resolver: numberFieldsResolver<FormValues, typeof schema>(schema, ['amount']),
    defaultValues: {
      amount: '',
      storeId: stores.length === 1 ? String(stores[0]!.id) : '',
    },
  });
  const [confirming, setConfirming] = useState<Parsed | null>(null);
  const typed = parseNumberInput(useWatch({ control: form.control, name: 'amount' }));

  const redeem = useRedeemCard({
    mutationConfig: {
      onSuccess: (result) => {
        idempotency.reset();
        setConfirming(null);
        toast({
          title: 'Card redeemed',
          description: `${formatUsd(result.amount)} taken. Remaining balance ${formatUsd(result.balance)}.`,
        });
        onDone(result);
      },
      onError: (error) => {
        setConfirming(null);
        // The code stopped working, or this counter may not take the card (a promotion of
        // another business): back to the code step, with the server's reason shown there.
        if (error instanceof ApiError && [403, 404, 410].includes(error.status)) {
          onCodeGone(error.message);
          return;
        }
        for (const [field, message] of serverFieldErrors(error, ['amount', 'storeId'] as const)) {
          form.setError(field, { message });
        }
        toast({
          variant: 'destructive',
          title: 'Failed to redeem the card',
          description: errorMessage(error, 'Please try again.'),
        });
      },
    },
  });

  const confirm = () => {
    if (!confirming) return;
    const request = {
      code,
      amount: centsToDollars(confirming.amount),
      storeId: confirming.storeId ? Number(confirming.storeId) : null,
    };
    redeem.mutate({ ...request, idempotencyKey: idempotency.keyFor(request) });
  };

  const amountLabel =
    Number.isFinite(typed) && typed > 0 ? `Redeem ${formatUsd(typed)}` : 'Redeem amount';

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          {brand} gift card
          {card.promotional && <Badge variant="secondary">Promotional</Badge>}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Customer</dt>
          <dd className="font-medium">{lookup.holderFirstName}</dd>
          <dt className="text-muted-foreground">Balance</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatUsd(card.balance)}</dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd>{formatDate(card.expires)}</dd>
          <dt className="text-muted-foreground">Code</dt>
          <dd className="font-mono">{lookup.code}</dd>
        </dl>
        <Form {...form}>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => setConfirming(values))}
            className="grid gap-4"
          >
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Amount ($)</FormLabel>
                  <FormControl>
                    <Input
                      type="number"
                      inputMode="decimal"
                      step="0.01"
                      min={0.01}
                      max={card.balance}
                      autoComplete="off"
                      {...field}
                    />
                  </FormControl>
                  <FormDescription>Up to {formatUsd(card.balance)}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            {stores.length > 0 && (
              <FormField
                control={form.control}
                name="storeId"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Store</FormLabel>
                    <FormControl>
                      <NativeSelect {...field}>
                        <option value="">Not at a particular store</option>
                        {stores.map((store) => (
                          <option key={store.id} value={String(store.id)}>
                            {store.name}, {store.street}, {store.city}, {store.state}
                          </option>
                        ))}
                      </NativeSelect>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
              <Button type="submit">{amountLabel}</Button>
            </div>
          </form>
        </Form>
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Redeem this card?"
        description={
          confirming
            ? `Take ${formatUsd(centsToDollars(confirming.amount))} from ${lookup.holderFirstName}'s ${brand} gift card. It keeps ${formatUsd(card.balance - centsToDollars(confirming.amount))}.`
            : ''
        }
        confirmLabel={
          confirming ? `Redeem ${formatUsd(centsToDollars(confirming.amount))}` : 'Redeem'
        }
        pendingLabel="Redeeming..."
        pending={redeem.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
