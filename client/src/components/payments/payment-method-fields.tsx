import { type ReactNode, useId } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormSetError,
  useWatch,
} from 'react-hook-form';
import { type z } from 'zod';
import {
  CARD_BRAND_NAMES,
  cardDetailsSchema,
  type CardDetailsInput,
  isCardExpired,
  type SavedCard,
} from '@shared/schema/payments';
import { useTokenizeCard } from '@/api/payments/tokenize-card';
import { FormField } from '@/components/ui/form';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { CardPaymentFields, EMPTY_CARD, showCardErrors } from './card-payment-fields';

/*
 * How a purchase pays: one of the buyer's saved cards, or a new card typed in (tokenised on
 * submit). A form that pays holds two fields, `paymentMethod` ('new' or a saved card's id as
 * text) and `card`; `refinePaymentFields` validates the card only when it is the one paying, and
 * `usePaymentSource()` turns the values into what the API takes: `{ paymentToken }` or
 * `{ paymentMethodId }`.
 */

export const NEW_CARD = 'new';

export type PaymentFieldValues = { paymentMethod: string; card: CardDetailsInput };

/** A saved card past its expiry month: shown, but it cannot pay. */
const expired = (card: SavedCard) => isCardExpired(card.expMonth, card.expYear);

/** The default saved card (or the first that still works), else a new card. */
export function initialPayment(savedCards: readonly SavedCard[] = []): PaymentFieldValues {
  const usable = savedCards.filter((card) => !expired(card));
  const preferred = usable.find((card) => card.isDefault) ?? usable[0];
  return { paymentMethod: preferred ? String(preferred.id) : NEW_CARD, card: EMPTY_CARD };
}

/** For a form schema's superRefine: the card's own messages, beside its fields, when it pays. */
export function refinePaymentFields(values: PaymentFieldValues, context: z.RefinementCtx): void {
  if (values.paymentMethod !== NEW_CARD) return;
  const parsed = cardDetailsSchema.safeParse(values.card);
  if (parsed.success) return;
  for (const issue of parsed.error.issues) {
    context.addIssue({ code: 'custom', message: issue.message, path: ['card', ...issue.path] });
  }
}

export type PaymentSource = { paymentToken: string } | { paymentMethodId: number };

/** The card (brand, last 4, expiry) or saved card paying: one submission's identity. */
export type PaidWith = PaymentSource & { fingerprint: string };

/**
 * Turns a paying form's values into the API's payment fields, tokenising a new card with the
 * provider. A refusal of the card's details is set beside its fields and answers null; other
 * failures are thrown.
 */
export function usePaymentSource() {
  const tokenize = useTokenizeCard();
  const resolve = async <TValues extends FieldValues>(
    values: PaymentFieldValues,
    setError: UseFormSetError<TValues>,
  ): Promise<PaidWith | null> => {
    if (values.paymentMethod !== NEW_CARD) {
      const paymentMethodId = Number(values.paymentMethod);
      return { paymentMethodId, fingerprint: `saved:${paymentMethodId}` };
    }
    try {
      // As the schema reads it (the number's digits only), or as typed when it is refused.
      const parsed = cardDetailsSchema.safeParse(values.card);
      const card = await tokenize.mutateAsync(parsed.success ? parsed.data : values.card);
      return {
        paymentToken: card.token,
        fingerprint: `card:${card.brand}:${card.last4}:${card.expMonth}/${card.expYear}`,
      };
    } catch (error) {
      if (showCardErrors(setError, 'card' as Path<TValues>, error)) return null;
      throw error;
    }
  };
  return { resolve, isPending: tokenize.isPending };
}

type PaymentMethodFieldsProps<TValues extends FieldValues, TTransformed> = {
  control: Control<TValues, unknown, TTransformed>;
  /** The buyer's saved cards; none (or a guest) means a new card is the only way. */
  savedCards?: readonly SavedCard[];
  autoFocus?: boolean;
};

/** 'Pay with' a saved card or a new one, and the new card's fields when it is chosen. */
export function PaymentMethodFields<TValues extends FieldValues, TTransformed = TValues>({
  control,
  savedCards = [],
  autoFocus,
}: PaymentMethodFieldsProps<TValues, TTransformed>) {
  const labelId = useId();
  const method = useWatch({ control, name: 'paymentMethod' as Path<TValues> }) as string;
  const cardFields = (
    <CardPaymentFields
      control={control}
      name={'card' as Path<TValues>}
      autoFocus={autoFocus && savedCards.length === 0}
    />
  );
  if (savedCards.length === 0) return cardFields;
  return (
    <div className="grid gap-4">
      <FormField
        control={control}
        name={'paymentMethod' as Path<TValues>}
        render={({ field }) => (
          <div className="grid gap-2">
            <p id={labelId} className="text-sm leading-none font-medium">
              Pay with
            </p>
            <RadioGroup
              aria-labelledby={labelId}
              value={field.value as string}
              onValueChange={field.onChange}
            >
              {savedCards.map((card) => (
                <MethodOption
                  key={card.id}
                  value={String(card.id)}
                  disabled={expired(card)}
                  autoFocus={autoFocus && field.value === String(card.id)}
                >
                  <span className="font-medium">
                    {CARD_BRAND_NAMES[card.brand] ?? CARD_BRAND_NAMES.card} ending {card.last4}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    Expires {String(card.expMonth).padStart(2, '0')}/
                    {String(card.expYear).slice(-2)}
                    {card.isDefault ? ' · Default' : ''}
                    {expired(card) ? ' · Expired' : ''}
                  </span>
                </MethodOption>
              ))}
              <MethodOption value={NEW_CARD} autoFocus={autoFocus && field.value === NEW_CARD}>
                <span className="font-medium">A new card</span>
              </MethodOption>
            </RadioGroup>
          </div>
        )}
      />
      {method === NEW_CARD && cardFields}
    </div>
  );
}

function MethodOption({
  value,
  disabled,
  autoFocus,
  children,
}: {
  value: string;
  disabled?: boolean;
  autoFocus?: boolean | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
    >
      <RadioGroupItem id={id} value={value} disabled={disabled} autoFocus={autoFocus} />
      <span className="grid min-w-0 flex-1">{children}</span>
    </label>
  );
}
