import { z } from 'zod';
import { LIMITS, USER_TYPES } from '../constants';
import { isValidPhone, normalizePhone } from '../phone';
import { isoDateTime } from './answer-fields';
import { identifierIdSchema } from './identifiers';

// ---------------------------------------------------------------------------------------------
// Field schemas and their messages, shared by the forms and the server
// ---------------------------------------------------------------------------------------------

export const EMAIL_MESSAGE = 'Valid email is required';
const PASSWORD_MESSAGE = `Password must be at least ${LIMITS.passwordMin} characters`;
const USERNAME_MESSAGE = `Username must be at least ${LIMITS.usernameMin} characters`;
const PHONE_REQUIRED_MESSAGE = 'Phone number is required';
export const PHONE_INVALID_MESSAGE = 'Valid phone number is required';
export const BRAND_REQUIRED_MESSAGE = 'Please select at least one brand';
/** The refusals of a username or an e-mail another account has (any case). */
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';
export const EMAIL_TAKEN_MESSAGE = 'Email is already registered';
/**
 * The refusals of a new password that is easy to guess, beside the length rules: one on the list
 * of commonly used and breached passwords, or one made of the account's own details. The server
 * checks both (the list is too large for the browser); the forms show them on the password field.
 */
export const PASSWORD_COMMON_MESSAGE =
  'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_PERSONAL_MESSAGE =
  "Your password can't contain your username, name or e-mail.";

export const emailField = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(LIMITS.emailMax, `Email must be at most ${LIMITS.emailMax} characters`)
  .pipe(z.email(EMAIL_MESSAGE));

export const passwordField = z
  .string({ error: PASSWORD_MESSAGE })
  .min(LIMITS.passwordMin, PASSWORD_MESSAGE)
  .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`);

export const usernameField = z
  .string({ error: USERNAME_MESSAGE })
  .trim()
  .min(LIMITS.usernameMin, USERNAME_MESSAGE)
  .max(LIMITS.usernameMax, `Username must be at most ${LIMITS.usernameMax} characters`)
  .regex(/^[A-Za-z0-9_]+$/, 'Username may only contain letters, numbers and underscores');

export function nameField(requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`);
}

export const phoneNumberField = z
  .string({ error: PHONE_REQUIRED_MESSAGE })
  .trim()
  .min(LIMITS.phoneMin, PHONE_REQUIRED_MESSAGE)
  .max(LIMITS.phoneMax, `Phone number must be at most ${LIMITS.phoneMax} characters`);

/** A consumer's favourite brands: at least one. */
export const brandsField = z
  .array(z.string({ error: 'Brand ids must be strings' }).trim().min(1), {
    error: BRAND_REQUIRED_MESSAGE,
  })
  .min(1, BRAND_REQUIRED_MESSAGE)
  .max(LIMITS.brandsMax, 'Too many brands');

/** A consumer's personal identifiers (any number, none included). */
export const identifiersField = z
  .array(identifierIdSchema, { error: 'Identifiers must be a list of ids' })
  .max(LIMITS.identifiersMax, 'Too many identifiers');

// ---------------------------------------------------------------------------------------------
// Request schemas
// ---------------------------------------------------------------------------------------------

/** Consumer registration step 1 ("details"): the five fields Continue validates. */
export const consumerDetailsSchema = z.object({
  email: emailField,
  phoneNumber: phoneNumberField,
  username: usernameField,
  password: passwordField,
  name: nameField('Name is required'),
});
export type ConsumerDetails = z.infer<typeof consumerDetailsSchema>;

export const consumerRegistrationSchema = consumerDetailsSchema
  .extend({
    type: z.literal('consumer'),
    brands: brandsField,
    identifiers: identifiersField.default([]),
    /** The client's normalised copy; the server normalises phoneNumber itself. */
    phone: z.string().optional(),
  })
  .superRefine((value, context) => {
    if (!isValidPhone(normalizePhone(value.phoneNumber))) {
      context.addIssue({ code: 'custom', path: ['phone'], message: PHONE_INVALID_MESSAGE });
    }
  });
export type ConsumerRegistration = z.input<typeof consumerRegistrationSchema>;

export const businessRegistrationSchema = z.object({
  type: z.literal('business'),
  email: emailField,
  username: usernameField,
  password: passwordField,
  name: nameField('Business name is required'),
});
export type BusinessRegistration = z.input<typeof businessRegistrationSchema>;

export const registrationSchema = z.discriminatedUnion(
  'type',
  [consumerRegistrationSchema, businessRegistrationSchema],
  { error: 'Account type must be consumer or business' },
);
export type Registration = z.input<typeof registrationSchema>;

export const loginSchema = z.object({
  identifier: z
    .string({ error: 'Email or username is required' })
    .trim()
    .min(1, 'Email or username is required')
    .max(LIMITS.emailMax, 'Email or username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
  /** 'Keep me signed in': the session lasts 30 days of use instead of ending when idle. */
  remember: z.boolean({ error: 'Keep me signed in must be true or false' }).default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

// ---------------------------------------------------------------------------------------------
// Response shapes
// ---------------------------------------------------------------------------------------------

/** The signed-in user as `GET /api/user` returns it: never the password hash. */
export const currentUserSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(USER_TYPES),
    name: z.string(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    profilePicture: z.string().nullable(),
    verified: z.boolean(),
    /** Accepted friendships. */
    friendsCount: z.number().int().describe('Accepted friendships'),
    /** Favourite brand ids, sorted. */
    brands: z.array(z.string()).describe('Favourite brand ids, sorted'),
    /** Identifier ids, ascending. */
    identifiers: z.array(z.number().int()).describe('Identifier ids, ascending'),
    createdAt: isoDateTime(),
  })
  .describe('The signed-in user: their own account, never the password hash');
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `GET /api/session`: the session's own facts (who, since when, until when). */
export const sessionInfoSchema = z
  .object({
    userId: z.number().int(),
    type: z.enum(USER_TYPES),
    /** Null when the session did not record it. */
    signedInAt: isoDateTime().nullable().describe('When the user signed in, if recorded'),
    /** The sooner of the idle timeout from now and the absolute lifetime from sign-in. */
    expiresAt: isoDateTime(
      'When the session ends: the sooner of the idle timeout and the absolute lifetime',
    ),
  })
  .describe('The current session: who, since when, until when');
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** An answer that only says what happened, e.g. `POST /api/logout`. */
export const messageResultSchema = z
  .object({ message: z.string() })
  .describe('What happened, in words');
export type MessageResult = z.infer<typeof messageResultSchema>;
