import { type AnyContract } from '../contract';
import { accountContracts } from './account';
import { accountDataContracts } from './account-data';
import { authContracts } from './auth';
import { catalogContracts } from './catalog';
import { chartsContracts } from './charts';
import { friendsContracts } from './friends';
import { giftCardsContracts } from './gift-cards';
import { healthContracts } from './health';
import { leadsContracts } from './leads';
import { locationsContracts } from './locations';
import { mapContracts } from './map';
import { messagesContracts } from './messages';
import { notificationsContracts } from './notifications';
import { paymentSettingsContracts } from './payment-settings';
import { paymentsContracts } from './payments';
import { pinsContracts } from './pins';
import { postsContracts } from './posts';
import { profilesContracts } from './profiles';
import { redemptionsContracts } from './redemptions';
import { referenceContracts } from './reference';
import { settingsContracts } from './settings';
import { twoFactorContracts } from './two-factor';
import { uploadsContracts } from './uploads';
import { usersContracts } from './users';
import { walletContracts } from './wallet';
import { walletPinContracts } from './wallet-pin';

/**
 * Every contract group of the API. The server must bind a handler to each contract here, and
 * nothing else (checked at start-up and by a test); the client imports a feature's group
 * directly, so that a page's chunk carries only the contracts it calls.
 */
export const contractGroups = {
  account: accountContracts,
  accountData: accountDataContracts,
  auth: authContracts,
  catalog: catalogContracts,
  charts: chartsContracts,
  friends: friendsContracts,
  giftCards: giftCardsContracts,
  health: healthContracts,
  leads: leadsContracts,
  locations: locationsContracts,
  map: mapContracts,
  messages: messagesContracts,
  notifications: notificationsContracts,
  paymentSettings: paymentSettingsContracts,
  payments: paymentsContracts,
  pins: pinsContracts,
  posts: postsContracts,
  profiles: profilesContracts,
  redemptions: redemptionsContracts,
  reference: referenceContracts,
  settings: settingsContracts,
  twoFactor: twoFactorContracts,
  uploads: uploadsContracts,
  users: usersContracts,
  wallet: walletContracts,
  walletPin: walletPinContracts,
} as const;

/** Every contract of the API, in no particular order (the server's list sets the order). */
export const allContracts: readonly AnyContract[] = Object.values(contractGroups).flatMap((group) =>
  Object.values(group as Record<string, AnyContract>),
);
