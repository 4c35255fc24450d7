import { type RouteDependencies } from '../app-context';
import { allContracts } from '@shared/contracts';
import { type ApiRoute, assertContractsBound } from '../lib/api-route';
import { accountDataRoutes } from './account-data';
import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { catalogRoutes } from './catalog';
import { chartsRoutes } from './charts';
import { friendsRoutes } from './friends';
import { giftCardsRoutes } from './gift-cards';
import { healthRoutes } from './health';
import { leadsRoutes } from './leads';
import { locationsRoutes } from './locations';
import { messagesRoutes } from './messages';
import { notificationsRoutes } from './notifications';
import { pinsRoutes } from './pins';
import { postsRoutes } from './posts';
import { twoFactorRoutes } from './two-factor';
import { walletPinRoutes } from './wallet-pin';
import { profilesRoutes } from './profiles';
import { uploadsRoutes } from './uploads';
import { usersRoutes } from './users';
import { settingsRoutes } from './settings';
import { walletRoutes } from './wallet';
import { mapRoutes } from './map';
import { paymentsRoutes } from './payments';
import { paymentSettingsRoutes } from './payment-settings';
import { redemptionsRoutes } from './redemptions';
import { referenceRoutes } from './reference';

/**
 * Every /api route, in the order Express tries them: the one list the router mounts, the API
 * reference (/api/openapi.json) describes and the authorization and bad-input tests walk.
 */
export function apiRoutes(dependencies: RouteDependencies): ApiRoute[] {
  const routes = [
    healthRoutes,
    catalogRoutes,
    authRoutes,
    accountRoutes,
    accountDataRoutes,
    twoFactorRoutes,
    walletPinRoutes,
    usersRoutes,
    settingsRoutes,
    // Before friends: /user/profile/friends is the profile of a user named "friends".
    profilesRoutes,
    friendsRoutes,
    uploadsRoutes,
    locationsRoutes,
    mapRoutes,
    paymentsRoutes,
    paymentSettingsRoutes,
    walletRoutes,
    pinsRoutes,
    chartsRoutes,
    giftCardsRoutes,
    redemptionsRoutes,
    postsRoutes,
    notificationsRoutes,
    messagesRoutes,
    leadsRoutes,
  ].flatMap((feature) => feature(dependencies));
  const { stepUpMaxAgeSeconds } = dependencies.config;
  const all = [...routes, ...referenceRoutes(routes, { stepUpMaxAgeSeconds })];
  assertContractsBound(all, allContracts);
  return all;
}
