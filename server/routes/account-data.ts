import { accountDataContracts as contracts } from '@shared/contracts/account-data';
import { accountExportFileName } from '@shared/schema/account-data';
import { type RouteDependencies } from '../app-context';
import { SESSION_COOKIE_NAME } from '../auth/session';
import { type ApiRoute, implement } from '../lib/api-route';
import { deleteAccount } from '../services/accounts/delete-account';
import { exportAccount } from '../services/accounts/export-account';

/** A person's own data: the download of all of it, and the deletion of the account. */
export function accountDataRoutes({ db, config, sessionStore }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.export, async ({ user, response }) => {
      const data = await exportAccount(db, user.id);
      // The name holds only letters, digits, '_', '-' and '.', so it is quoted as it is.
      const fileName = accountExportFileName(data.profile.username, data.exportedAt);
      response.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      return data;
    }),
    implement(contracts.remove, async ({ user, body, request, response }) => {
      await deleteAccount(db, {
        userId: user.id,
        password: body.password,
        dataDir: config.dataDir,
      });
      await sessionStore.endUserSessions(user.id);
      // This request's session is gone with the others; nothing may save it again.
      await new Promise<void>((resolve, reject) =>
        request.session.destroy((error) => (error ? reject(error) : resolve())),
      );
      response.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax' });
    }),
  ];
}
