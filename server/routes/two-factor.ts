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

/**
 * Two-factor authentication of the signed-in user, and confirming who they are before money moves.
 * Wrong proofs are limited by the contracts (`proofRateLimit`).
 */
export function twoFactorRoutes({ db, config }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.status, ({ user }) => getTwoFactorStatus(db, user.id)),
    implement(contracts.setup, ({ user, body }) => startTwoFactorSetup(db, user.id, body.password)),
    implement(contracts.enable, ({ user, body }) => enableTwoFactor(db, user.id, body.code)),
    implement(contracts.disable, ({ user, body }) => disableTwoFactor(db, user.id, body)),
    implement(contracts.recoveryCodes, ({ user, body }) =>
      regenerateRecoveryCodes(db, user.id, body),
    ),
    implement(contracts.confirmIdentity, async ({ user, body, request }) => {
      await confirmIdentity(db, user.id, body);
      // A PIN proves less than the password or a code: it counts only where a route lets it.
      const provenAt =
        body.pin !== undefined ? recordWalletPinProof(request) : recordProof(request);
      const confirmedUntil = provenAt + config.stepUpMaxAgeSeconds * 1000;
      return { confirmedUntil: new Date(confirmedUntil).toISOString() };
    }),
  ];
}
