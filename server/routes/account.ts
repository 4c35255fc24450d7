import { type Request } from 'express';
import { accountContracts as contracts } from '@shared/contracts/account';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { type RouteDependencies } from '../app-context';
import { recordSignIn } from '../auth/session';
import { queueLetter } from '../jobs/app-jobs';
import { type ApiRoute, implement, reply } from '../lib/api-route';
import { notFound, unauthenticated } from '../lib/errors';
import { changePassword } from '../services/accounts/change-password';
import { requestPasswordReset } from '../services/accounts/request-password-reset';
import { resetPassword } from '../services/accounts/reset-password';
import { findUserSession, listUserSessions } from '../services/accounts/user-sessions';
import { findSessionUser, type SessionUser } from '../services/auth/verify-credentials';
import { getCurrentUser } from '../services/users/get-current-user';

/**
 * Password reset by e-mail, password change and the account's signed-in sessions. Every way a
 * password changes ends the account's other sessions on every instance and tells the owner by
 * e-mail ('password-changed'), so a change they did not make does not go unnoticed.
 */
export function accountRoutes({ db, jobs, sessionStore }: RouteDependencies): ApiRoute[] {
  /** Signs the user in on a fresh session id (passport regenerates the session). */
  const logIn = (request: Request, user: SessionUser) =>
    new Promise<void>((resolve, reject) => {
      request.logIn(user, (error) => {
        if (error) return reject(error);
        recordSignIn(request, { remember: false });
        resolve();
      });
    });

  return [
    implement(contracts.requestPasswordReset, async ({ body }) => {
      await requestPasswordReset(db, jobs, body.email);
      return { message: ACCOUNT_MESSAGES.resetRequested };
    }),
    implement(contracts.resetPassword, async ({ request, body }) => {
      const { userId, twoFactorEnabled } = await resetPassword(db, body);
      await sessionStore.endUserSessions(userId);
      await queueLetter(jobs, { kind: 'password-changed', userId });
      if (twoFactorEnabled) {
        return reply(202, {
          twoFactorRequired: true,
          message: ACCOUNT_MESSAGES.resetNeedsSecondFactor,
        });
      }
      const user = await findSessionUser(db, userId);
      if (!user) throw unauthenticated();
      await logIn(request, user);
      return getCurrentUser(db, userId);
    }),
    implement(contracts.changePassword, async ({ user, request, body }) => {
      await changePassword(db, {
        userId: user.id,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
      });
      await sessionStore.endUserSessions(user.id, request.sessionID);
      await queueLetter(jobs, { kind: 'password-changed', userId: user.id });
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    }),
    implement(contracts.sessions, ({ user, request }) =>
      listUserSessions(db, user.id, request.sessionID),
    ),
    // Before /user/sessions/:id would read 'sign-out-others' as an id (it is a POST, but a DELETE
    // of that name must stay a 404 of its own).
    implement(contracts.signOutOthers, async ({ user, request }) => ({
      ended: await sessionStore.endUserSessions(user.id, request.sessionID),
    })),
    implement(contracts.signOutSession, async ({ user, params }) => {
      const sid = await findUserSession(db, user.id, params.id);
      if (!sid || !(await sessionStore.endUserSession(user.id, sid))) {
        throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      }
    }),
  ];
}
