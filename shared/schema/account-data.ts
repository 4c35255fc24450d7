import { z } from 'zod';
import {
  GIFT_CARD_SOURCES,
  GIFT_CARD_STATUSES,
  GIFT_REQUEST_STATUSES,
  LEDGER_TRANSACTION_KINDS,
  LEDGER_TRANSACTION_STATUSES,
  LIMITS,
  NOTIFICATION_TYPES,
  USER_TYPES,
} from '../constants';
import { dollarAmount, isoDateTime } from './answer-fields';

/**
 * A person's own data (the download) and the deletion of their account: the request, the answer
 * and the messages, shared by the settings page and the server.
 */

/** What a deleted account is called wherever others still see it (a gift they got, a lead). */
export const DELETED_USER_NAME = 'Deleted user';

export const ACCOUNT_DATA_MESSAGES = {
  passwordRequired: 'Password is required',
  wrongPassword: 'Password is incorrect',
  tooManyAttempts: 'Too many failed attempts. Please wait 15 minutes and try again.',
  withdrawFirst: 'Withdraw your balance before deleting your account.',
  pinsFirst:
    'Your active pins still hold funds. Cancel them, then withdraw your balance before deleting your account.',
} as const;

// ---------------------------------------------------------------------------------------------
// Deleting the account
// ---------------------------------------------------------------------------------------------

/** POST /api/user/delete: the account's password, typed again (never trimmed, as at sign-in). */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_MESSAGES.passwordRequired })
    .min(1, ACCOUNT_DATA_MESSAGES.passwordRequired)
    .max(LIMITS.passwordMax, `Password must be at most ${LIMITS.passwordMax} characters`),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

// ---------------------------------------------------------------------------------------------
// The download
// ---------------------------------------------------------------------------------------------

/** The download's file name: `markit-<username>-<YYYY-MM-DD>.json` (the UTC date). */
export function accountExportFileName(username: string, exportedAt: Date | string): string {
  const date = new Date(exportedAt).toISOString().slice(0, 10);
  // Usernames are letters, digits and underscores; anything else is dropped from a file name.
  return `markit-${username.replace(/[^A-Za-z0-9_]/g, '')}-${date}.json`;
}

const person = z.object({ username: z.string(), name: z.string() });

export const accountExportSchema = z
  .object({
    exportedAt: isoDateTime('When the file was made'),
    profile: z
      .object({
        id: z.number().int(),
        type: z.enum(USER_TYPES),
        name: z.string(),
        username: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        profilePicture: z.string().nullable(),
        verified: z.boolean(),
        contactEmail: z.string().nullable(),
        website: z.string().nullable(),
        description: z.string().nullable(),
        twoFactorEnabled: z.boolean(),
        createdAt: isoDateTime(),
      })
      .describe('The account, without its password, two-factor secret or tokens'),
    brands: z.array(z.object({ id: z.string(), name: z.string() })),
    identifiers: z.array(z.object({ id: z.number().int(), name: z.string() })),
    friends: z.array(person.extend({ since: isoDateTime().nullable() })),
    posts: z.array(
      z.object({
        id: z.number().int(),
        content: z.string(),
        attachmentUrl: z.string().nullable(),
        likeCount: z.number().int(),
        commentCount: z.number().int(),
        createdAt: isoDateTime(),
      }),
    ),
    comments: z
      .array(
        z.object({
          id: z.number().int(),
          postId: z.number().int(),
          content: z.string(),
          createdAt: isoDateTime(),
        }),
      )
      .describe('Comments the user wrote, on any post'),
    giftCards: z
      .array(
        z.object({
          id: z.number().int(),
          brand: z.string(),
          value: dollarAmount('The value the card was issued with'),
          balance: dollarAmount('What is left on it'),
          status: z.enum(GIFT_CARD_STATUSES),
          source: z.enum(GIFT_CARD_SOURCES),
          senderName: z.string(),
          expiresAt: isoDateTime(),
          createdAt: isoDateTime(),
        }),
      )
      .describe('Cards the user holds (never their codes: a code spends the card)'),
    giftsSent: z.array(
      z.object({
        id: z.number().int(),
        giftCardId: z.number().int(),
        recipient: person,
        value: dollarAmount(),
        message: z.string(),
        createdAt: isoDateTime(),
      }),
    ),
    giftsReceived: z.array(
      z.object({
        id: z.number().int(),
        giftCardId: z.number().int(),
        senderName: z.string(),
        value: dollarAmount(),
        message: z.string(),
        createdAt: isoDateTime(),
      }),
    ),
    giftRequests: z.array(
      z.object({
        id: z.number().int(),
        direction: z.enum(['sent', 'received']),
        other: person,
        brand: z.string().nullable(),
        amount: dollarAmount().nullable(),
        message: z.string(),
        status: z.enum(GIFT_REQUEST_STATUSES),
        createdAt: isoDateTime(),
      }),
    ),
    transactions: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.enum(LEDGER_TRANSACTION_KINDS),
          description: z.string(),
          amount: dollarAmount('Always positive; the kind tells the direction'),
          status: z.enum(LEDGER_TRANSACTION_STATUSES),
          createdAt: isoDateTime(),
        }),
      )
      .describe("The user's movements in the ledger"),
    messagesSent: z
      .array(
        z.object({
          id: z.number().int(),
          to: person,
          text: z.string(),
          imageUrl: z.string().nullable(),
          deleted: z.boolean(),
          createdAt: isoDateTime(),
        }),
      )
      .describe('The direct messages the user wrote (what others wrote to them is theirs)'),
    blocked: z.array(person).describe('The people the user blocked'),
    notifications: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(NOTIFICATION_TYPES),
        message: z.string(),
        read: z.boolean(),
        createdAt: isoDateTime(),
      }),
    ),
  })
  .describe('Everything mark.it keeps about the signed-in user, as one JSON file');
export type AccountExport = z.infer<typeof accountExportSchema>;
