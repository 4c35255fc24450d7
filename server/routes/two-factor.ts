import { twoFactorContracts as contracts } from '@shared/contracts/two-factor';
import { type RouteDependencies } from '../app-context';
import { recordProof, recordWalletPinProof } from '../auth/step-up';
import { type ApiRoute, implement } from '../lib/api-route';
import {
  confirmIdentity,
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from '../services/two-factor/two-factor';

/** Two-factor authentication of the signed-in user, and confirming who they are before money moves. */
export function twoFactorRoutes({ db, config }: RouteDependencies): ApiRoute[] {
  const limit = { perAccount: config.rateLimits.twoFactorPerAccount };
  return [
    implement(contracts.status, ({ user }) => getTwoFactorStatus(db, user.id)),
    implement(contracts.setup, ({ user, body }) =>
      startTwoFactorSetup(db, user.id, body.password, limit),
    ),
    implement(contracts.enable, ({ user, body }) => enableTwoFactor(db, user.id, body.code, limit)),
    implement(contracts.disable, ({ user, body }) => disableTwoFactor(db, user.id, body, limit)),
    implement(contracts.recoveryCodes, ({ user, body }) =>
      regenerateRecoveryCodes(db, user.id, body, limit),
    ),
    implement(contracts.confirmIdentity, async ({ user, body, request }) => {
      await confirmIdentity(db, user.id, body, limit);
      // A PIN proves less than the password or a code: it counts only where a route lets it.
      const provenAt =
        body.pin !== undefined ? recordWalletPinProof(request) : recordProof(request);
      const confirmedUntil = provenAt + config.stepUpMaxAgeSeconds * 1000;
      return { confirmedUntil: new Date(confirmedUntil).toISOString() };
    }),
  ];
}
