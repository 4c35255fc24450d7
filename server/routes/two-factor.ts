import {
  confirmIdentitySchema,
  identityConfirmedSchema,
  recoveryCodesSchema,
  twoFactorChangeSchema,
  twoFactorEnableSchema,
  twoFactorSetupResultSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@shared/schema/two-factor';
import { type RouteDependencies } from '../app-context';
import { recordProof, recordWalletPinProof } from '../auth/step-up';
import { type ApiRoute, defineRoute } from '../lib/api-route';
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
  const tag = 'Two-factor authentication';
  const limit = { perAccount: config.rateLimits.twoFactorPerAccount };
  return [
    defineRoute({
      method: 'get',
      path: '/user/two-factor',
      summary: 'Whether two-factor authentication is on, and how many recovery codes are left',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: twoFactorStatusSchema,
        description: 'On or off',
      },
      handle: ({ user }) => getTwoFactorStatus(db, user.id),
    }),
    defineRoute({
      method: 'post',
      path: '/user/two-factor/setup',
      summary: 'Start turning two-factor on: a new secret, as a QR code and as text',
      tag,
      access: 'signed-in',
      body: twoFactorSetupSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: twoFactorSetupResultSchema,
        description: 'The new secret (two-factor stays off until a code from it is confirmed)',
      },
      handle: ({ user, body }) => startTwoFactorSetup(db, user.id, body.password, limit),
    }),
    defineRoute({
      method: 'post',
      path: '/user/two-factor/enable',
      summary: 'Turn two-factor on with a code from the new secret; answers the recovery codes',
      tag,
      access: 'signed-in',
      body: twoFactorEnableSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: recoveryCodesSchema,
        description: 'Two-factor is on; the recovery codes, shown this once',
      },
      handle: ({ user, body }) => enableTwoFactor(db, user.id, body.code, limit),
    }),
    defineRoute({
      method: 'post',
      path: '/user/two-factor/disable',
      summary: 'Turn two-factor off (the password and a code or a recovery code)',
      tag,
      access: 'signed-in',
      body: twoFactorChangeSchema,
      stepUp: true,
      answer: {
        kind: 'json',
        status: 200,
        schema: twoFactorStatusSchema,
        description: 'Two-factor is off',
      },
      handle: ({ user, body }) => disableTwoFactor(db, user.id, body, limit),
    }),
    defineRoute({
      method: 'post',
      path: '/user/two-factor/recovery-codes',
      summary: 'New recovery codes (the password and a code or a recovery code)',
      tag,
      access: 'signed-in',
      body: twoFactorChangeSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: recoveryCodesSchema,
        description: 'The new codes, shown this once; the old ones stop working',
      },
      handle: ({ user, body }) => regenerateRecoveryCodes(db, user.id, body, limit),
    }),
    defineRoute({
      method: 'post',
      path: '/user/confirm-identity',
      summary: 'Confirm who you are (password, code or wallet PIN) before moving money',
      tag,
      access: 'signed-in',
      body: confirmIdentitySchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: identityConfirmedSchema,
        description: 'Confirmed: money can move without asking again until `confirmedUntil`',
      },
      handle: async ({ user, body, request }) => {
        await confirmIdentity(db, user.id, body, limit);
        // A PIN proves less than the password or a code: it counts only where a route lets it.
        const provenAt =
          body.pin !== undefined ? recordWalletPinProof(request) : recordProof(request);
        const confirmedUntil = provenAt + config.stepUpMaxAgeSeconds * 1000;
        return { confirmedUntil: new Date(confirmedUntil).toISOString() };
      },
    }),
  ];
}
