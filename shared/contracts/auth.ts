import { contractGroup, defineContract, type RateLimit } from '../contract';
import { secondFactorSchema, twoFactorChallengeSchema } from '../schema/two-factor';
import { proofRateLimit } from './two-factor';
import {
  currentUserSchema,
  loginSchema,
  messageResultSchema,
  registrationSchema,
  sessionInfoSchema,
} from '../schema/users';

const tag = 'Accounts';

/**
 * Failed sign-ins, counted per account from this address (so a stranger's guesses elsewhere do
 * not lock the owner out of their own device), per account from every address (a higher
 * ceiling, so guessing from many addresses still stops) and per address across accounts, the
 * narrowest first. A wrong password (401) keeps the slots, as does a check that failed midway;
 * a right one gives them back and forgets the count of this account from this address. Shared
 * with changing the password (its own counters, the same allowances), so that a session left
 * open is no way around the sign-in limit.
 */
const signInFailure = {
  windowSeconds: 15 * 60,
  message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  keepOn: [401, 500],
} as const;

const loginRateLimits = [
  {
    ...signInFailure,
    name: 'login',
    per: {
      input: ({ body }) => `account-address:${body.identifier.toLowerCase()}`,
      description: 'to this account (by the e-mail or username typed) from this client address',
      here: true,
    },
    setting: 'loginPerAccount',
    clearOnSuccess: true,
  },
  {
    ...signInFailure,
    name: 'login',
    per: {
      input: ({ body }) => `account:${body.identifier.toLowerCase()}`,
      description: 'to this account from any address',
    },
    setting: 'loginPerAccountAnyAddress',
  },
  { ...signInFailure, name: 'login', per: 'address', setting: 'loginPerAddress' },
] as const satisfies ReadonlyArray<RateLimit<'public', undefined, undefined, typeof loginSchema>>;

export const authContracts = contractGroup('auth', {
  register: defineContract({
    method: 'post',
    path: '/register',
    summary: 'Create an account (consumer or business) and sign in',
    tag,
    access: 'public',
    body: registrationSchema,
    answer: {
      kind: 'json',
      status: 201,
      schema: currentUserSchema,
      description: 'The new account, signed in (the session cookie is set)',
    },
    errors: { 409: 'Another account already has that username or e-mail' },
    rateLimits: [
      {
        name: 'register',
        per: 'address',
        setting: 'registerPerHour',
        windowSeconds: 60 * 60,
        message: 'Too many accounts were created from this network. Please try again later.',
      },
    ],
  }),
  login: defineContract({
    method: 'post',
    path: '/login',
    summary: 'Sign in with e-mail or username and password',
    tag,
    access: 'public',
    body: loginSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: currentUserSchema,
      description: 'The signed-in user (the session cookie is set)',
      otherStatuses: [
        {
          status: 202,
          schema: twoFactorChallengeSchema,
          description:
            'The password was right and the account has two-factor on: nobody is signed in ' +
            'until POST /api/login/two-factor',
        },
      ],
    },
    errors: {
      401: 'No account has that e-mail or username, or the password is wrong',
    },
    rateLimits: loginRateLimits,
  }),
  loginTwoFactor: defineContract({
    method: 'post',
    path: '/login/two-factor',
    summary: 'Finish a sign-in with an authentication code or a recovery code',
    tag,
    access: 'public',
    body: secondFactorSchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: currentUserSchema,
      description: 'The signed-in user (the session cookie is set)',
    },
    errors: {
      401: 'No sign-in waits for its second step (none was started, or it expired), or the code is wrong',
    },
    // The account the password was right for: the same counter as every other proof it sends.
    rateLimits: [{ ...proofRateLimit, per: 'signing-in-account' }],
  }),
  // Signing out is idempotent: without a session it still answers 200 and clears the cookie.
  logout: defineContract({
    method: 'post',
    path: '/logout',
    summary: 'Sign out (ends the session)',
    tag,
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: messageResultSchema,
      description: "'Logged out successfully', signed in or not",
    },
  }),
  // The session's own facts, for the business Debug tab: who, since when, until when.
  session: defineContract({
    method: 'get',
    path: '/session',
    summary: 'The current session: who, since when, until when',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: sessionInfoSchema,
      description: 'The session',
    },
  }),
  user: defineContract({
    method: 'get',
    path: '/user',
    summary: 'The signed-in user',
    tag,
    access: 'signed-in',
    answer: {
      kind: 'json',
      status: 200,
      schema: currentUserSchema,
      description: 'The signed-in user with their profile',
    },
  }),
});
