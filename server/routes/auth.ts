import { type Request, type Response } from 'express';
import { authContracts as contracts } from '@shared/contracts/auth';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { recordSignIn, SESSION_COOKIE_NAME, sessionExpiresAt } from '../auth/session';
import { recordProof } from '../auth/step-up';
import { clearPendingSignIn, pendingSignIn, startPendingSignIn } from '../auth/two-factor-sign-in';
import { AppError, unauthenticated } from '../lib/errors';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { registerUser } from '../services/auth/register-user';
import { type SessionUser } from '../services/auth/verify-credentials';
import { isTwoFactorEnabled } from '../services/two-factor/two-factor';
import { secondFactorIsRight, wrongSecondFactor } from '../services/two-factor/verify-proofs';
import { findSessionUser } from '../services/auth/verify-credentials';
import { getCurrentUser } from '../services/users/get-current-user';
import { clearWalletPinFailures } from '../services/wallet-pin/wallet-pin';
import { type RouteDependencies } from '../app-context';

const INVALID_CREDENTIALS = 'Invalid email, username or password';

export function authRoutes({ db, passport }: RouteDependencies): ApiRoute[] {
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

  return [
    implement(contracts.register, async ({ request, body }) => {
      const user = await registerUser(db, body);
      await logIn(request, user);
      return user;
    }),
    // Failed sign-ins are limited by the contract: a wrong password (401) keeps its slots, a
    // right one gives them back and forgets this address's count for the account.
    implement(contracts.login, async ({ request, response, body }) => {
      request.body = body;
      const user = await authenticate(request, response);
      if (!user) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
      if (await isTwoFactorEnabled(db, user.id)) {
        startPendingSignIn(request, user.id, { remember: body.remember });
        return reply(202, { twoFactorRequired: true });
      }
      await logIn(request, user, body.remember);
      return getCurrentUser(db, user.id);
    }),
    implement(contracts.loginTwoFactor, async ({ request, body }) => {
      const pending = pendingSignIn(request);
      if (!pending) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.signInExpired);
      // The contract's proof limit counts a wrong code (401) against the pending account.
      if (!(await secondFactorIsRight(db, pending.userId, body))) {
        throw wrongSecondFactor(body, 'UNAUTHENTICATED');
      }
      clearPendingSignIn(request);
      const user = await findSessionUser(db, pending.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.signInExpired);
      await logIn(request, user, pending.remember);
      return getCurrentUser(db, user.id);
    }),
    implement(contracts.logout, async ({ request, response }) => {
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
    }),
    implement(contracts.session, ({ user, request }) => {
      const { signedInAt } = request.session;
      return {
        userId: user.id,
        type: user.type,
        signedInAt: signedInAt ? new Date(signedInAt).toISOString() : null,
        expiresAt: new Date(sessionExpiresAt(request.session)).toISOString(),
      };
    }),
    implement(contracts.user, async ({ user }) => {
      const current = await getCurrentUser(db, user.id);
      if (!current) throw unauthenticated();
      return current;
    }),
  ];
}
