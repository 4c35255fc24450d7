import { contractGroup, defineContract } from '../contract';
import { secondFactorSchema, twoFactorChallengeSchema } from '../schema/two-factor';
import {
  currentUserSchema,
  loginSchema,
  messageResultSchema,
  registrationSchema,
  sessionInfoSchema,
} from '../schema/users';

const tag = 'Accounts';

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
      429: 'Too many failed sign-ins within 15 minutes: to this account from this address, to this account from anywhere, or from this address to any account',
    },
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
      429: 'Too many wrong codes for this account within 15 minutes',
    },
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
