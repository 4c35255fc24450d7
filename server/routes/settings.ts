import { settingsContracts as contracts } from '@shared/contracts/settings';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { confirmEmailChange } from '../services/settings/confirm-email-change';
import { getProfileSettings } from '../services/settings/get-profile-settings';
import { requestEmailChange } from '../services/settings/request-email-change';
import { updateProfileSettings } from '../services/settings/update-profile-settings';

/** The signed-in user's own profile and sign-in e-mail, as the settings page edits them. */
export function settingsRoutes({ db, jobs }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.get, ({ user }) => getProfileSettings(db, user.id)),
    implement(contracts.update, ({ user, body }) => updateProfileSettings(db, user.id, body)),
    implement(contracts.requestEmailChange, ({ user, body }) =>
      requestEmailChange(db, jobs, user.id, body),
    ),
    implement(contracts.confirmEmailChange, ({ body }) => confirmEmailChange(db, jobs, body.token)),
  ];
}
