import { z } from 'zod';
import { isoDateTime } from './answer-fields';
import { authenticationCodeField } from './two-factor';

// ---------------------------------------------------------------------------------------------
// Messages, shared by the forms and the server
// ---------------------------------------------------------------------------------------------

export const PAYMENT_MESSAGES = {
  numberRequired: 'Card number is required',
  invalidNumber: 'Your card number is invalid',
  /** Test mode takes only the processor's published test numbers, never a real card. */
  notATestCard: 'Test mode: use the test card 4242 4242 4242 4242',
  expiryInvalid: 'Enter the expiry as MM/YY',
  expired: 'Your card has expired',
  cvcInvalid: "Enter the card's 3- or 4-digit security code",
  declined: 'Your card was declined',
  required: 'This needs a payment: add a card to pay with',
  oneSource: 'Pay with either a new card or a saved card, not both',
  unknownToken: 'This card could not be used. Please enter it again.',
  tokenUsed: 'This card entry was already used for a payment. Please enter the card again.',
  tokenExpired: 'This card entry has expired (after 15 minutes). Please enter the card again.',
  unknownSavedCard: 'Saved card not found',
  keyReused: 'This Idempotency-Key was already used for another payment',
} as const;

// ---------------------------------------------------------------------------------------------
// The card form: what the payment provider's tokenisation endpoint takes (never this app's API)
// ---------------------------------------------------------------------------------------------

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** Luhn's checksum, which every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card network a number belongs to, from its leading digits. */
export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'card';
}

export const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  card: 'Card',
};

/** "MM/YY" (or "MM / YYYY") as the month and the four-digit year. */
export function parseCardExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

/** Whether a card's expiry month has passed (a card works to the end of its month). */
export const isCardExpired = (expMonth: number, expYear: number, now = new Date()) =>
  expYear < now.getUTCFullYear() ||
  (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);

export const cardDetailsSchema = z
  .object({
    number: z
      .string({ error: PAYMENT_MESSAGES.numberRequired })
      .max(32, PAYMENT_MESSAGES.invalidNumber)
      .transform(digitsOnly)
      .pipe(
        z
          .string()
          .min(1, PAYMENT_MESSAGES.numberRequired)
          .regex(/^\d{12,19}$/, PAYMENT_MESSAGES.invalidNumber)
          .refine(passesLuhn, PAYMENT_MESSAGES.invalidNumber),
      ),
    expiry: z
      .string({ error: PAYMENT_MESSAGES.expiryInvalid })
      .max(10, PAYMENT_MESSAGES.expiryInvalid)
      .refine((value) => parseCardExpiry(value) !== null, PAYMENT_MESSAGES.expiryInvalid)
      .refine((value) => {
        const parsed = parseCardExpiry(value);
        return parsed === null || !isCardExpired(parsed.expMonth, parsed.expYear);
      }, PAYMENT_MESSAGES.expired),
    cvc: z
      .string({ error: PAYMENT_MESSAGES.cvcInvalid })
      .trim()
      .regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvcInvalid),
  })
  .describe('A card as typed into the payment form');
export type CardDetailsInput = z.input<typeof cardDetailsSchema>;

/** What tokenising a card answers: a token to pay with, and what may be shown of the card. */
export const cardTokenSchema = z
  .object({
    token: z.string(),
    brand: z.string(),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  })
  .describe('A card token and what may be shown of the card');
export type CardToken = z.infer<typeof cardTokenSchema>;

// ---------------------------------------------------------------------------------------------
// A bank account for payouts
// ---------------------------------------------------------------------------------------------

export const BANK_MESSAGES = {
  routingInvalid: 'Enter a valid 9-digit routing number',
  accountInvalid: 'Enter an account number of 4 to 17 digits',
} as const;

/** The ABA checksum every US routing number carries. */
export function isRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const weighted = (i: number) => 3 * d[i]! + 7 * d[i + 1]! + d[i + 2]!;
  return (weighted(0) + weighted(3) + weighted(6)) % 10 === 0;
}

// ---------------------------------------------------------------------------------------------
// Paying: the fields any request that charges a card carries
// ---------------------------------------------------------------------------------------------

/**
 * How a request pays: a fresh card token from the provider's tokenisation endpoint, or one of the
 * user's saved cards. Neither is required by the schema, so a request without a payment reaches
 * the service, which answers 402 (payment required) rather than a validation error.
 */
export const paymentSourceFields = {
  paymentToken: z
    .string({ error: PAYMENT_MESSAGES.unknownToken })
    .trim()
    .min(1, PAYMENT_MESSAGES.unknownToken)
    .max(100, PAYMENT_MESSAGES.unknownToken)
    .optional(),
  paymentMethodId: z
    .number({ error: PAYMENT_MESSAGES.unknownSavedCard })
    .int(PAYMENT_MESSAGES.unknownSavedCard)
    .positive(PAYMENT_MESSAGES.unknownSavedCard)
    .optional(),
};

/** GET /api/payments/config: how the client takes card details. */
export const paymentConfigSchema = z
  .object({
    mode: z.enum(['test', 'live']),
    /** Where the client sends card details to be tokenised (the provider, never this API). */
    tokenizeUrl: z.string(),
  })
  .describe('The payment mode and where cards are tokenised');
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Payment Settings: saved cards and a business's payout bank account
// ---------------------------------------------------------------------------------------------

/** Saved cards one person may keep: enough for every card in a wallet, not a card-testing list. */
export const SAVED_CARDS_MAX = 10;

export const PAYMENT_SETTINGS_MESSAGES = {
  cardSaved: 'Card saved',
  cardRemoved: 'Card removed',
  defaultChanged: 'Default card changed',
  tooManyCards: `You can save up to ${SAVED_CARDS_MAX} cards. Remove one to add another.`,
  cardExpired: 'This card has expired',
  holderRequired: 'Enter the name on the bank account',
  holderTooLong: 'The name on the account must be at most 100 characters',
  payoutAccountSaved: 'Bank account saved',
  payoutAccountRemoved: 'Bank account removed',
  noPayoutAccount: 'Add a bank account in Payment Settings before withdrawing.',
  payoutAccountNotFound: 'There is no bank account on file',
  twoFactorRequired:
    'Turn on two-factor authentication in Settings before changing where payouts go.',
} as const;

/** A saved card as its owner sees it: never its token or number. */
export const savedCardSchema = z
  .object({
    id: z.number().int(),
    /** The card network: visa, mastercard, amex, discover or card. */
    brand: z.string().describe('The card network: visa, mastercard, amex, discover or card'),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    /** The card a payment offers first. */
    isDefault: z.boolean().describe('The card a payment offers first'),
  })
  .describe('A saved card: what may be shown of it');
export type SavedCard = z.infer<typeof savedCardSchema>;

/** `POST /api/payments/cards`: a token from the provider's tokenisation endpoint. */
export const saveCardSchema = z.object({
  paymentToken: z
    .string({ error: PAYMENT_MESSAGES.unknownToken })
    .trim()
    .min(1, PAYMENT_MESSAGES.unknownToken)
    .max(100, PAYMENT_MESSAGES.unknownToken),
  /** Whether the card becomes the default (the first saved card always does). */
  makeDefault: z.boolean({ error: 'makeDefault must be true or false' }).optional(),
});
export type SaveCardInput = z.input<typeof saveCardSchema>;

export const savedCardParamsSchema = z.object({
  id: z.coerce
    .number({ error: PAYMENT_MESSAGES.unknownSavedCard })
    .int(PAYMENT_MESSAGES.unknownSavedCard)
    .positive(PAYMENT_MESSAGES.unknownSavedCard)
    .max(2_147_483_647, PAYMENT_MESSAGES.unknownSavedCard)
    .describe("The saved card's id"),
});

const bankDigits = (value: string) => value.replace(/[\s-]/g, '');

/** A routing number as typed: nine digits with the ABA checksum (spaces and dashes ignored). */
export const routingNumberField = z
  .string({ error: BANK_MESSAGES.routingInvalid })
  .max(20, BANK_MESSAGES.routingInvalid)
  .transform(bankDigits)
  .pipe(z.string().refine(isRoutingNumber, BANK_MESSAGES.routingInvalid));

/** An account number as typed: 4 to 17 digits (spaces and dashes ignored). */
export const accountNumberField = z
  .string({ error: BANK_MESSAGES.accountInvalid })
  .max(30, BANK_MESSAGES.accountInvalid)
  .transform(bankDigits)
  .pipe(z.string().regex(/^\d{4,17}$/, BANK_MESSAGES.accountInvalid));

/** The authentication code that confirms a change to where payouts go. */
const payoutCodeFields = { code: authenticationCodeField };

/** `PUT /api/payments/payout-account`: the bank account, confirmed with a two-factor code. */
export const payoutAccountInputSchema = z.object({
  holderName: z
    .string({ error: PAYMENT_SETTINGS_MESSAGES.holderRequired })
    .trim()
    .min(1, PAYMENT_SETTINGS_MESSAGES.holderRequired)
    .max(100, PAYMENT_SETTINGS_MESSAGES.holderTooLong),
  routingNumber: routingNumberField,
  accountNumber: accountNumberField,
  ...payoutCodeFields,
});
export type PayoutAccountInput = z.input<typeof payoutAccountInputSchema>;

/** `DELETE /api/payments/payout-account`: the two-factor code that confirms it. */
export const removePayoutAccountSchema = z.object(payoutCodeFields);
export type RemovePayoutAccountInput = z.input<typeof removePayoutAccountSchema>;

/** A business's payout bank account as shown: the holder and the last four digits only. */
export const payoutAccountSchema = z
  .object({
    holderName: z.string(),
    accountLast4: z.string(),
    routingLast4: z.string(),
    updatedAt: isoDateTime(),
  })
  .describe("A business's payout bank account: the holder and the last four digits only");
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;
