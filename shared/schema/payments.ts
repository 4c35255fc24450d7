import { z } from 'zod';

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
  unknownSavedCard: 'Saved card not found',
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
