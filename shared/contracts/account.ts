import { z } from 'zod';
import { contractGroup, defineContract, type RateLimit } from '../contract';
import {
  ACCOUNT_MESSAGES,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetNeedsSignInSchema,
  passwordResetRequestSchema,
  sessionIdParamsSchema,
  signedInSessionSchema,
  signedOutSessionsSchema,
} from '../schema/account';
import { currentUserSchema, messageResultSchema } from '../schema/users';

const tag = 'Accounts';

/**
 * Wrong current passwords count as failed sign-ins do (the same allowances, counters of their
 * own): per account from this client address, per account from every address and per address,
 * the narrowest first, so a session left open is no way around the sign-in limit, and someone
 * guessing on a stolen session does not stop the owner changing the password from their own
 * device. A wrong password (400) keeps the slots; a right one gives them back and forgets the
 * count of this account from this address (the owner proved who they are).
 */
const passwordChangeFailure = {
  name: 'password-change',
  windowSeconds: 15 * 60,
  message: ACCOUNT_MESSAGES.passwordChangeRateLimited,
  keepOn: [400, 401, 500],
} as const;

const passwordChangeRateLimits = [
  {
    ...passwordChangeFailure,
    per: {
      input: ({ userId }: { userId: number | undefined }) => `user-address:${userId}`,
      description: 'for this account from this client address',
      here: true,
    },
    setting: 'loginPerAccount',
    clearOnSuccess: true,
  },
  { ...passwordChangeFailure, per: 'account', setting: 'loginPerAccountAnyAddress' },
  { ...passwordChangeFailure, per: 'address', setting: 'loginPerAddress' },
] as const satisfies ReadonlyArray<RateLimit<'signed-in', undefined, undefined, undefined>>;

export const accountContracts = contractGroup('account', {
  requestPasswordReset: defineContract({
    method: 'post',
    path: '/password-reset',
    summary: 'E-mail a password-reset link to the account that uses this address, if any',
    tag,
    access: 'public',
    body: passwordResetRequestSchema,
    answer: {
      kind: 'json',
      status: 202,
      schema: messageResultSchema,
      description:
        'The same answer whether or not an account uses the address; the link (valid 30 minutes, once) goes by e-mail',
    },
    // Counted whether or not an account uses the address, so that the answer tells nothing;
    // a request refused by one limit counts against neither.
    rateLimits: [
      {
        name: 'password-reset',
        per: 'address',
        setting: 'passwordResetsPerHour',
        windowSeconds: 60 * 60,
        message: ACCOUNT_MESSAGES.resetRateLimited,
      },
      {
        name: 'password-reset',
        per: {
          input: ({ body }) => `email:${body.email.trim().toLowerCase()}`,
          description: 'for the e-mail address asked about',
        },
        setting: 'passwordResetsPerHour',
        windowSeconds: 60 * 60,
        message: ACCOUNT_MESSAGES.resetRateLimited,
      },
    ],
  }),
  resetPassword: defineContract({
    method: 'post',
    path: '/password-reset/confirm',
    summary: "Set a new password with a reset link's token, and sign in",
    tag,
    access: 'public',
    body: passwordResetConfirmSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: currentUserSchema,
      description:
        'The account, signed in on this browser (the session cookie is set); every other session has ended',
      otherStatuses: [
        {
          status: 202,
          schema: passwordResetNeedsSignInSchema,
          description:
            'The password is set and every session has ended; the account has two-factor on, so it signs in with the code',
        },
      ],
    },
    errors: {
      401: 'The account was deleted before it could be signed in',
    },
    // A link holds 256 random bits, so this is no defence of the tokens themselves: it stops one
    // address hammering the endpoint, while a person who mistypes a link a few times is never
    // held back. A link that does not work (400) keeps its slot; one that works gives it back.
    rateLimits: [
      {
        name: 'password-reset-link',
        per: 'address',
        setting: 'resetLinkMissesPerAddress',
        windowSeconds: 15 * 60,
        message: ACCOUNT_MESSAGES.passwordChangeRateLimited,
        keepOn: [400, 500],
      },
    ],
  }),
  changePassword: defineContract({
    method: 'put',
    path: '/user/password',
    summary: 'Change the password (the current one is asked for); other sessions end',
    tag,
    access: 'signed-in',
    body: passwordChangeSchema,
    stepUp: true,
    answer: {
      kind: 'json',
      status: 200,
      schema: messageResultSchema,
      description: 'Changed: this session stays signed in, every other one has ended',
    },
    rateLimits: passwordChangeRateLimits,
  }),
  sessions: defineContract({
    method: 'get',
    path: '/user/sessions',
    summary: "The account's signed-in sessions (device, sign-in, last use), this one first",
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(signedInSessionSchema),
      description: 'Every session that still works; the one asking is marked current',
    },
  }),
  signOutOthers: defineContract({
    method: 'post',
    path: '/user/sessions/sign-out-others',
    summary: 'Sign out every session of the account but this one',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: signedOutSessionsSchema,
      description: 'How many sessions were signed out',
    },
  }),
  signOutSession: defineContract({
    method: 'delete',
    path: '/user/sessions/:id',
    summary: 'Sign out one session of the account (by its id in the list)',
    tag,
    access: 'signed-in',
    params: sessionIdParamsSchema,
    answer: { kind: 'empty', description: 'The session has ended, on every instance' },
    errors: { 404: 'No session of the account that still works has that id' },
  }),
});
