import { type Request } from 'express';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  passwordChangeSchema,
  passwordResetConfirmSchema,
  passwordResetNeedsSignInSchema,
  passwordResetRequestSchema,
  sessionIdParamsSchema,
  signedInSessionSchema,
  signedOutSessionsSchema,
} from '@shared/schema/account';
import { currentUserSchema, messageResultSchema } from '@shared/schema/users';
import { type RouteDependencies } from '../app-context';
import { recordSignIn } from '../auth/session';
import { queueLetter } from '../jobs/app-jobs';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
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
export function accountRoutes({ db, config, jobs, sessionStore }: RouteDependencies): ApiRoute[] {
  /** Signs the user in on a fresh session id (passport regenerates the session). */
  const logIn = (request: Request, user: SessionUser) =>
    new Promise<void>((resolve, reject) => {
      request.logIn(user, (error) => {
        if (error) return reject(error);
        recordSignIn(request, { remember: false });
        resolve();
      });
    });

  const tag = 'Accounts';
  return [
    defineRoute({
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
      handle: async ({ request, body }) => {
        await requestPasswordReset(db, jobs, {
          email: body.email,
          address: request.ip,
          perHour: config.rateLimits.passwordResetsPerHour,
        });
        return { message: ACCOUNT_MESSAGES.resetRequested };
      },
    }),
    defineRoute({
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
      handle: async ({ request, body }) => {
        const { userId, twoFactorEnabled } = await resetPassword(db, {
          ...body,
          address: request.ip,
          missesPerAddress: config.rateLimits.resetLinkMissesPerAddress,
        });
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
      },
    }),
    defineRoute({
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
      handle: async ({ user, request, body }) => {
        await changePassword(db, {
          userId: user.id,
          currentPassword: body.currentPassword,
          newPassword: body.newPassword,
          address: request.ip,
          limits: {
            perAccountHere: config.rateLimits.loginPerAccount,
            perAccount: config.rateLimits.loginPerAccountAnyAddress,
            perAddress: config.rateLimits.loginPerAddress,
          },
        });
        await sessionStore.endUserSessions(user.id, request.sessionID);
        await queueLetter(jobs, { kind: 'password-changed', userId: user.id });
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      },
    }),
    defineRoute({
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
      handle: ({ user, request }) => listUserSessions(db, user.id, request.sessionID),
    }),
    // Before /user/sessions/:id would read 'sign-out-others' as an id (it is a POST, but a DELETE
    // of that name must stay a 404 of its own).
    defineRoute({
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
      handle: async ({ user, request }) => ({
        ended: await sessionStore.endUserSessions(user.id, request.sessionID),
      }),
    }),
    defineRoute({
      method: 'delete',
      path: '/user/sessions/:id',
      summary: 'Sign out one session of the account (by its id in the list)',
      tag,
      access: 'signed-in',
      params: sessionIdParamsSchema,
      answer: { kind: 'empty', description: 'The session has ended, on every instance' },
      handle: async ({ user, params }) => {
        const sid = await findUserSession(db, user.id, params.id);
        if (!sid || !(await sessionStore.endUserSession(user.id, sid))) {
          throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
        }
      },
    }),
  ];
}
