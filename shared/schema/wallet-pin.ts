import { z } from 'zod';
import { WALLET_PIN } from '../constants';

// ---------------------------------------------------------------------------------------------
// Messages, shared by the forms and the server
// ---------------------------------------------------------------------------------------------

const triesLeft = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left`;

export const WALLET_PIN_MESSAGES = {
  format: `Enter your ${WALLET_PIN.digits}-digit wallet PIN`,
  newFormat: `Your wallet PIN must be exactly ${WALLET_PIN.digits} digits`,
  guessable:
    'Choose a PIN that is harder to guess: not one digit repeated (111111) or a run (123456, 654321)',
  mismatch: 'The two PINs do not match',
  confirmRequired: 'Enter the same PIN again',
  /** A wrong PIN, with the tries left before it locks (none left: it is locked now). */
  wrongPin: (left: number) =>
    left > 0
      ? `Wrong PIN. ${triesLeft(left)}.`
      : 'Wrong PIN. Your wallet PIN is now locked: confirm with your password or an authentication code to unlock it.',
  locked: `Your wallet PIN is locked after ${WALLET_PIN.maxFailures} wrong tries. Confirm with your password or an authentication code to unlock it.`,
  notSet: 'You have no wallet PIN. Confirm with your password, or set a PIN in Settings.',
  consumersOnly: 'Only consumers hold gift cards, so only they have a wallet PIN',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const PIN_PATTERN = new RegExp(`^\\d{${WALLET_PIN.digits}}$`);

/** A PIN as typed to prove who you are: its digits only (whether it is right is the server's). */
export const walletPinField = z
  .string({ error: WALLET_PIN_MESSAGES.format })
  .regex(PIN_PATTERN, WALLET_PIN_MESSAGES.format);

/**
 * One digit repeated, or each digit one more (or one less) than the one before: the PINs tried
 * first, so a PIN among them would fall within the few tries allowed.
 */
export function isGuessableWalletPin(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((digit, index) => digit - digits[index]!));
  return steps.size === 1 && [0, 1, -1].some((step) => steps.has(step));
}

/** A new PIN: exactly the digits, and not one of the PINs tried first. */
export const newWalletPinField = z
  .string({ error: WALLET_PIN_MESSAGES.newFormat })
  .regex(PIN_PATTERN, WALLET_PIN_MESSAGES.newFormat)
  .refine((pin) => !isGuessableWalletPin(pin), WALLET_PIN_MESSAGES.guessable);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `PUT /api/user/wallet-pin`: the new PIN (set, or replacing the old one). */
export const walletPinSetSchema = z.object({ pin: newWalletPinField });
export type WalletPinSetInput = z.input<typeof walletPinSetSchema>;

/** The settings form: the new PIN typed twice, so a slip of the finger is caught before it counts. */
export const walletPinFormSchema = z
  .object({
    pin: newWalletPinField,
    confirmPin: z
      .string({ error: WALLET_PIN_MESSAGES.confirmRequired })
      .min(1, WALLET_PIN_MESSAGES.confirmRequired),
  })
  .refine((value) => value.pin === value.confirmPin, {
    message: WALLET_PIN_MESSAGES.mismatch,
    path: ['confirmPin'],
  });
export type WalletPinFormValues = z.input<typeof walletPinFormSchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const walletPinStatusSchema = z
  .object({
    set: z.boolean().describe('Whether a wallet PIN is set'),
    locked: z
      .boolean()
      .describe(
        `Too many wrong PINs in a row (${WALLET_PIN.maxFailures}): only the password or a code proves who you are, and unlocks it`,
      ),
  })
  .describe('The wallet PIN, as its owner sees it (never the PIN itself)');
export type WalletPinStatus = z.infer<typeof walletPinStatusSchema>;
