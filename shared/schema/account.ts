import { z } from 'zod';
import { ACCOUNT_LINKS, LIMITS } from '../constants';
import { isoDateTime } from './answer-fields';
import { emailField, passwordField } from './users';

/**
 * Signing in safely: resetting a forgotten password by e-mail, changing it, and the list of the
 * account's signed-in sessions. Requests, answers and messages, shared by the forms and the server.
 */

export const ACCOUNT_MESSAGES = {
  /** The one answer to a reset request, whether or not an account uses the address. */
  resetRequested: `If an account uses that e-mail, a link to reset its password is on its way. The link works for ${ACCOUNT_LINKS.validMinutes} minutes.`,
  resetRateLimited: 'Too many password reset requests. Please try again later.',
  invalidResetLink: 'This reset link is invalid or has expired. Ask for a new one.',
  currentPasswordRequired: 'Current password is required',
  wrongCurrentPassword: 'Current password is incorrect',
  passwordChangeRateLimited: 'Too many failed attempts. Please wait 15 minutes and try again.',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  sessionNotFound: 'Session not found',
  resetNeedsSecondFactor:
    'Your password has been reset. Sign in with it and your authentication code.',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** `POST /api/password-reset`: the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

/** The token of an e-mailed link: anything malformed reads as a link that does not work. */
const resetTokenField = z
  .string({ error: ACCOUNT_MESSAGES.invalidResetLink })
  .trim()
  .min(1, ACCOUNT_MESSAGES.invalidResetLink)
  .max(200, ACCOUNT_MESSAGES.invalidResetLink);

/** `POST /api/password-reset/confirm`: the link's token and the new password (registration's rules). */
export const passwordResetConfirmSchema = z.object({
  token: resetTokenField,
  password: passwordField,
});
export type PasswordResetConfirm = z.input<typeof passwordResetConfirmSchema>;

/** `PUT /api/user/password`: the password in use (checked against the account) and the new one. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
    .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
  newPassword: passwordField,
});
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/** `DELETE /api/user/sessions/:id`: a session as the list names it. */
export const sessionIdParamsSchema = z.object({
  id: z
    .string({ error: 'Session id is not valid' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Session id is not valid')
    .describe("The session's id, as the sessions list gives it"),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** One of the account's signed-in sessions, as the settings page lists them. */
export const signedInSessionSchema = z
  .object({
    id: z.string().describe('Names the session in this list; never its cookie'),
    device: z.string().describe("Browser and system, e.g. 'Chrome on macOS'"),
    signedInAt: isoDateTime().nullable().describe('When it signed in, if recorded'),
    lastUsedAt: isoDateTime('When it was last used (to the minute)'),
    current: z.boolean().describe('The session asking'),
    remembered: z.boolean().describe("Signed in with 'Keep me signed in'"),
  })
  .describe('A signed-in session of the account');
export type SignedInSession = z.infer<typeof signedInSessionSchema>;

/**
 * `POST /api/password-reset/confirm` for an account with two-factor on: the password is set, but
 * a mailbox alone does not sign in; the sign-in asks for the code.
 */
export const passwordResetNeedsSignInSchema = z
  .object({ twoFactorRequired: z.literal(true), message: z.string() })
  .describe('The password is set; sign in with it and an authentication code');
export type PasswordResetNeedsSignIn = z.infer<typeof passwordResetNeedsSignInSchema>;

/** `POST /api/user/sessions/sign-out-others`: how many sessions ended. */
export const signedOutSessionsSchema = z
  .object({ ended: z.number().int().describe('Sessions signed out') })
  .describe('How many other sessions were signed out');
export type SignedOutSessions = z.infer<typeof signedOutSessionsSchema>;
