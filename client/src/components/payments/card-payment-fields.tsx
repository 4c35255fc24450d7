import { FlaskConical } from 'lucide-react';
import {
  type Control,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { formatDollars } from '@shared/money';
import { type CardDetailsInput } from '@shared/schema/payments';
import { usePaymentConfig } from '@/api/payments/get-payment-config';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';

/*
 * Card entry, shared by every payment in the app (gifts, Add Funds, saving a card).
 *
 * The form that pays holds the card under one field whose value is a CardDetailsInput and
 * validates it with the shared `cardDetailsSchema` (the provider checks the same schema):
 *
 *   const schema = z.object({ card: cardDetailsSchema });
 *   const form = useForm({ resolver: zodResolver(schema), defaultValues: { card: EMPTY_CARD } });
 *   <CardPaymentFields control={form.control} name="card" />
 *
 * On submit, `useTokenizeCard()` (client/src/api/payments/tokenize-card.ts) sends `values.card` to
 * the provider and answers `{ token, brand, last4, expMonth, expYear }`; only the token goes to the
 * app's API (as `paymentToken`). When tokenising fails, `showCardErrors(form.setError, 'card',
 * error)` puts the provider's messages beside their fields (e.g. a number test mode does not take).
 */

/** The card fields' starting values. */
export const EMPTY_CARD: CardDetailsInput = { number: '', expiry: '', cvc: '' };

const CARD_FIELDS = ['number', 'expiry', 'cvc'] as const;

type CardPaymentFieldsProps<TValues extends FieldValues, TContext, TTransformed> = {
  control: Control<TValues, TContext, TTransformed>;
  /** The field holding the card ({ number, expiry, cvc }). */
  name: FieldPath<TValues>;
  /** Focus the card number when the fields appear (a payment step of its own). */
  autoFocus?: boolean;
};

/** Card number, expiry (MM/YY) and security code, labelled for autofill, and the test-mode note. */
export function CardPaymentFields<
  TValues extends FieldValues,
  TContext = unknown,
  TTransformed = TValues,
>({ control, name, autoFocus }: CardPaymentFieldsProps<TValues, TContext, TTransformed>) {
  const path = (field: (typeof CARD_FIELDS)[number]) => `${name}.${field}` as Path<TValues>;
  return (
    <div className="grid gap-4">
      <TestModeNote />
      <TextField
        control={control}
        name={path('number')}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        autoFocus={autoFocus}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          control={control}
          name={path('expiry')}
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={7}
        />
        <TextField
          control={control}
          name={path('cvc')}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
        />
      </div>
    </div>
  );
}

/** In test mode no real card is charged: say so, with the card that works. */
export function TestModeNote() {
  const { data: config } = usePaymentConfig();
  if (config?.mode !== 'test') return null;
  return (
    <div className="flex gap-2 rounded-md border border-dashed bg-muted/40 p-3 text-sm">
      <FlaskConical className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <p>
        <span className="font-semibold">Test mode</span>: no real card is charged. Use the test card{' '}
        <span className="font-mono whitespace-nowrap">4242 4242 4242 4242</span> with any future
        expiry and any CVC.
      </p>
    </div>
  );
}

/**
 * The provider's per-field messages from a failed tokenisation, set beside the card's fields.
 * Answers whether any was set (otherwise the caller shows the error's message itself).
 */
export function showCardErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  name: FieldPath<TValues>,
  error: unknown,
): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const field of CARD_FIELDS) {
    const message = error.errors[field];
    if (message) {
      setError(
        `${name}.${field}` as Path<TValues>,
        { type: 'server', message },
        {
          shouldFocus: !shown,
        },
      );
      shown = true;
    }
  }
  return shown;
}

/** The pay button's text: 'Pay $25.00'. */
export const payLabel = (amountCents: number) => `Pay ${formatDollars(amountCents)}`;
