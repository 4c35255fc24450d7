import { z } from 'zod';
import { LIMITS, TWO_FACTOR } from '../constants';
import { walletPinField } from './wallet-pin';

// ---------------------------------------------------------------------------------------------
// Messages, shared by the forms and the server
// ---------------------------------------------------------------------------------------------

export const TWO_FACTOR_MESSAGES = {
  codeFormat: `Enter the ${TWO_FACTOR.codeDigits}-digit code from your authenticator app`,
  recoveryCodeFormat: 'Enter one of your recovery codes, e.g. abcde-12345',
  passwordRequired: 'Enter your password',
  oneProof: 'Enter your password, an authentication code or your wallet PIN (one of them)',
  secondFactorRequired: 'Enter an authentication code or a recovery code',
  invalidCode: 'Invalid authentication code',
  invalidRecoveryCode: 'Invalid recovery code',
  wrongPassword: 'Password is incorrect',
  rateLimited: 'Too many authentication attempts. Please wait 15 minutes and try again.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  alreadyOn: 'Two-factor authentication is already on',
  notOn: 'Two-factor authentication is not on',
  noSetup: 'Start setting up two-factor authentication first',
  stepUpRequired: "Confirm it's you to continue: enter your password or an authentication code.",
  requiredToWithdraw: 'Turn on two-factor authentication in Settings before withdrawing.',
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** A code from an authenticator app: digits, spaces between groups allowed as apps show them. */
export const authenticationCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeFormat })
  .max(20, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z.string().regex(new RegExp(`^\\d{${TWO_FACTOR.codeDigits}}$`), TWO_FACTOR_MESSAGES.codeFormat),
  );

/** The alphabet of recovery codes: no 0/o, 1/l/i, so a code copied by hand reads one way. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as typed: case, spaces and the dash between its groups do not matter. */
export const recoveryCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeFormat })
  .max(40, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
  .transform((value) => value.toLowerCase().replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${TWO_FACTOR.recoveryCodeLength}}$`),
        TWO_FACTOR_MESSAGES.recoveryCodeFormat,
      ),
  );

/** The account's current password, checked against the stored hash (no length rule of its own). */
export const currentPasswordField = z
  .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
  .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `POST /api/user/two-factor/setup`: the password, before a new secret is made. */
export const twoFactorSetupSchema = z.object({ password: currentPasswordField });
export type TwoFactorSetupInput = z.input<typeof twoFactorSetupSchema>;

/** `POST /api/user/two-factor/enable`: the first code from the app proves it holds the secret. */
export const twoFactorEnableSchema = z.object({ code: authenticationCodeField });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/** An authentication code or a recovery code, exactly one of them. */
const secondFactorFields = {
  code: authenticationCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
};
const oneSecondFactor = (value: { code?: string | undefined; recoveryCode?: string | undefined }) =>
  (value.code === undefined) !== (value.recoveryCode === undefined);

/** `POST /api/login/two-factor`: the second step of a sign-in. */
export const secondFactorSchema = z
  .object(secondFactorFields)
  .refine(oneSecondFactor, { message: TWO_FACTOR_MESSAGES.secondFactorRequired, path: ['code'] });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/**
 * Turning two-factor off and making new recovery codes: the password and a second factor, so
 * that neither a stolen password nor an unlocked phone alone can do it.
 */
export const twoFactorChangeSchema = z
  .object({ password: currentPasswordField, ...secondFactorFields })
  .refine(oneSecondFactor, { message: TWO_FACTOR_MESSAGES.secondFactorRequired, path: ['code'] });
export type TwoFactorChangeInput = z.input<typeof twoFactorChangeSchema>;

/**
 * `POST /api/user/confirm-identity`: the password, an authentication code or the wallet PIN,
 * exactly one of them.
 */
export const confirmIdentitySchema = z
  .object({
    password: currentPasswordField.optional(),
    code: authenticationCodeField.optional(),
    pin: walletPinField.optional(),
  })
  .refine(
    (value) =>
      [value.password, value.code, value.pin].filter((proof) => proof !== undefined).length === 1,
    { message: TWO_FACTOR_MESSAGES.oneProof, path: ['password'] },
  );
export type ConfirmIdentityInput = z.input<typeof confirmIdentitySchema>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** `POST /api/login` for an account with two-factor on: the password was right, a code is next. */
export const twoFactorChallengeSchema = z
  .object({ twoFactorRequired: z.literal(true) })
  .describe('The password was right; send an authentication code to POST /api/login/two-factor');
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int().describe('Unused recovery codes (0 while off)'),
  })
  .describe('Whether two-factor authentication is on');
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The one answer that ever carries the secret, before enrolment is confirmed. */
export const twoFactorSetupResultSchema = z
  .object({
    qrCode: z.string().describe('The otpauth:// URI as a QR code (an SVG data URL), to scan'),
    uri: z.string().describe('The otpauth:// URI, for a phone to open its authenticator app'),
    secret: z.string().describe('The secret in base32, to type into an app that cannot scan'),
  })
  .describe('A new secret; two-factor turns on once a code from it is confirmed');
export type TwoFactorSetupResult = z.infer<typeof twoFactorSetupResultSchema>;

export const recoveryCodesSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .describe('Single-use codes, shown this once: only their hashes are kept'),
  })
  .describe('New recovery codes');
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const identityConfirmedSchema = z
  .object({
    confirmedUntil: z
      .string()
      .describe('Until when money can move without asking again (ISO 8601 date-time)'),
  })
  .describe('Who you are is confirmed');
export type IdentityConfirmed = z.infer<typeof identityConfirmedSchema>;
