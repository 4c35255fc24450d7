import { walletPinSetSchema, walletPinStatusSchema } from '@shared/schema/wallet-pin';
import { type RouteDependencies } from '../app-context';
import { type Answer, type ApiRoute, defineRoute } from '../lib/api-route';
import {
  getWalletPinStatus,
  removeWalletPin,
  setWalletPin,
} from '../services/wallet-pin/wallet-pin';

/**
 * The wallet PIN: six digits that prove who a consumer is before a card is used at a counter (as
 * payment apps ask for theirs), instead of the password. Consumers only: they hold the cards.
 */
export function walletPinRoutes({ db }: RouteDependencies): ApiRoute[] {
  // Listed with the other settings: the PIN is set on the Settings page.
  const tag = 'Settings';
  const status = (description: string): Answer => ({
    kind: 'json',
    status: 200,
    schema: walletPinStatusSchema,
    description,
  });
  return [
    defineRoute({
      method: 'get',
      path: '/user/wallet-pin',
      summary: 'Whether I have a wallet PIN, and whether wrong tries have locked it',
      tag,
      access: 'consumer',
      answer: status('Set or not, locked or not (never the PIN)'),
      handle: ({ user }) => getWalletPinStatus(db, user.id),
    }),
    defineRoute({
      method: 'put',
      path: '/user/wallet-pin',
      summary: 'Set or change my wallet PIN (6 digits, not easily guessed)',
      tag,
      access: 'consumer',
      body: walletPinSetSchema,
      // Whoever sets the PIN can then show the counter code with it.
      stepUp: true,
      answer: status('The PIN is set and unlocked'),
      handle: ({ user, body }) => setWalletPin(db, user.id, body.pin),
    }),
    defineRoute({
      method: 'delete',
      path: '/user/wallet-pin',
      summary: 'Remove my wallet PIN: the password (or a code) is asked instead',
      tag,
      access: 'consumer',
      stepUp: true,
      answer: status('No PIN is set'),
      handle: ({ user }) => removeWalletPin(db, user.id),
    }),
  ];
}
