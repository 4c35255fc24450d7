import { walletPinContracts as contracts } from '@shared/contracts/wallet-pin';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
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
  return [
    implement(contracts.status, ({ user }) => getWalletPinStatus(db, user.id)),
    implement(contracts.set, ({ user, body }) => setWalletPin(db, user.id, body.pin)),
    implement(contracts.remove, ({ user }) => removeWalletPin(db, user.id)),
  ];
}
