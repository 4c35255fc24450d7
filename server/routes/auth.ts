import { type Request, type Response } from 'express';
import {
  currentUserSchema,
  loginSchema,
  messageResultSchema,
  registrationSchema,
  sessionInfoSchema,
} from '@shared/schema/users';
import {
  secondFactorSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorChallengeSchema,
} from '@shared/schema/two-factor';
import { recordSignIn, SESSION_COOKIE_NAME, sessionExpiresAt } from '../auth/session';
import { recordProof } from '../auth/step-up';
import { clearPendingSignIn, pendingSignIn, startPendingSignIn } from '../auth/two-factor-sign-in';
import { AppError, unauthenticated } from '../lib/errors';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { registerUser } from '../services/auth/register-user';
import { type SessionUser } from '../services/auth/verify-credentials';
import { clearRateLimit, consumeRateLimit } from '../services/rate-limit/rate-limit';
import { isTwoFactorEnabled } from '../services/two-factor/two-factor';
import { verifySecondFactor, wrongSecondFactor } from '../services/two-factor/verify-proofs';
import { findSessionUser } from '../services/auth/verify-credentials';
import { getCurrentUser } from '../services/users/get-current-user';
import { clearWalletPinFailures } from '../services/wallet-pin/wallet-pin';
import { type RouteDependencies } from '../app-context';

const INVALID_CREDENTIALS = 'Invalid email, username or password';
const FIFTEEN_MINUTES = 15 * 60;

export function authRoutes({ db, passport, config }: RouteDependencies): ApiRoute[] {
  /** Runs the local strategy; resolves to the user, or null for bad credentials. */
  const authenticate = (request: Request, response: Response) =>
    new Promise<SessionUser | null>((resolve, reject) => {
      passport.authenticate(
        'local',
        { session: false },
        (error: unknown, user: SessionUser | false) =>
          error ? reject(error) : resolve(user || null),
      )(request, response, reject);
    });

  /**
   * Signs the user in on a fresh session id (passport regenerates the session), kept for 30 days
   * of use with 'Keep me signed in'. Signing in proves who you are with the password (and code),
   * so a wallet PIN locked by wrong tries works again, as after 'Confirm it's you'.
   */
  const logIn = async (request: Request, user: SessionUser, remember = false) => {
    await new Promise<void>((resolve, reject) => {
      request.logIn(user, (error) => {
        if (error) return reject(error);
        recordSignIn(request, { remember });
        // Signing in is a proof of who you are: money can move without asking again for a while.
        recordProof(request);
        resolve();
      });
    });
    await clearWalletPinFailures(db, user.id);
  };

  const tag = 'Accounts';
  return [
    defineRoute({
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
      handle: async ({ request, body }) => {
        await consumeRateLimit(db, {
          key: `register:address:${request.ip}`,
          limit: config.rateLimits.registerPerHour,
          windowSeconds: 60 * 60,
          message: 'Too many accounts were created from this network. Please try again later.',
        });
        const user = await registerUser(db, body);
        await logIn(request, user);
        return user;
      },
    }),
    defineRoute({
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
      handle: async ({ request, response, body }) => {
        const message = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
        const account = body.identifier.toLowerCase();
        const window = { windowSeconds: FIFTEEN_MINUTES, message };
        // Failures are counted per account from this address, so a stranger's guesses elsewhere
        // do not lock the owner out of their own device; per account from every address, with a
        // higher ceiling, so guessing from many addresses still stops; and per address, across
        // accounts. Each attempt takes its slots before the password is checked, so of many sent
        // at once no more than the limits are checked, and the rest are refused unchecked; the
        // narrowest comes first, so a burst refused by it does not touch the owner's wider one.
        const accountHere = `login:account-address:${account}:${request.ip}`;
        const slots = await consumeRateLimit(
          db,
          { ...window, key: accountHere, limit: config.rateLimits.loginPerAccount },
          {
            ...window,
            key: `login:account:${account}`,
            limit: config.rateLimits.loginPerAccountAnyAddress,
          },
          {
            ...window,
            key: `login:address:${request.ip}`,
            limit: config.rateLimits.loginPerAddress,
          },
        );

        request.body = body;
        // A wrong password keeps its slots: it is the failure being counted.
        const user = await authenticate(request, response);
        if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
        // The owner, from this address: its count starts again. The failures from other
        // addresses stay counted against the account (only this attempt's slot comes back).
        await slots.giveBack();
        await clearRateLimit(db, accountHere);
        if (await isTwoFactorEnabled(db, user.id)) {
          startPendingSignIn(request, user.id, { remember: body.remember });
          return reply(202, { twoFactorRequired: true });
        }
        await logIn(request, user, body.remember);
        return getCurrentUser(db, user.id);
      },
    }),
    defineRoute({
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
      handle: async ({ request, body }) => {
        const pending = pendingSignIn(request);
        if (!pending) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.signInExpired);
        const limit = { perAccount: config.rateLimits.twoFactorPerAccount };
        if (!(await verifySecondFactor(db, pending.userId, body, limit))) {
          throw wrongSecondFactor(body, 'UNAUTHENTICATED');
        }
        clearPendingSignIn(request);
        const user = await findSessionUser(db, pending.userId);
        if (!user) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.signInExpired);
        await logIn(request, user, pending.remember);
        return getCurrentUser(db, user.id);
      },
    }),
    // Signing out is idempotent: without a session it still answers 200 and clears the cookie.
    defineRoute({
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
      handle: async ({ request, response }) => {
        await new Promise<void>((resolve, reject) =>
          request.logOut((error) => (error ? reject(error) : resolve())),
        );
        await new Promise<void>((resolve, reject) =>
          request.session
            ? request.session.destroy((error) => (error ? reject(error) : resolve()))
            : resolve(),
        );
        response.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
        return { message: 'Logged out successfully' };
      },
    }),
    // The session's own facts, for the business Debug tab: who, since when, until when.
    defineRoute({
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
      handle: ({ user, request }) => {
        const { signedInAt } = request.session;
        return {
          userId: user.id,
          type: user.type,
          signedInAt: signedInAt ? new Date(signedInAt).toISOString() : null,
          expiresAt: new Date(sessionExpiresAt(request.session)).toISOString(),
        };
      },
    }),
    defineRoute({
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
      handle: async ({ user }) => {
        const current = await getCurrentUser(db, user.id);
        if (!current) throw unauthenticated();
        return current;
      },
    }),
  ];
}
