import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
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
      429: 'Too many links that do not work were sent from this address within 15 minutes',
    },
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
    errors: {
      429: 'Too many tries within 15 minutes: for this account from this address, for this account, or from this address',
    },
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
