import { contractGroup, defineContract, type RateLimit } from '../contract';
import {
  TWO_FACTOR_MESSAGES,
  confirmIdentitySchema,
  identityConfirmedSchema,
  recoveryCodesSchema,
  twoFactorChangeSchema,
  twoFactorEnableSchema,
  twoFactorSetupResultSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '../schema/two-factor';

const tag = 'Two-factor authentication';

/**
 * One counter per account for every code or password sent to prove who someone is (the
 * sign-in's code step, confirming identity, changing two-factor, the payout account): six digits
 * are guessed in a million tries, so the tries are what must be few. A wrong proof (400, or 401
 * at sign-in) keeps its slot, as does a check that failed midway (500: it may have been
 * checked); a right one gives back its own slot only, and the counter is never cleared by a
 * success, so a right password cannot reset the count of the wrong codes sent after it.
 */
export const proofRateLimit = {
  name: 'two-factor',
  per: 'account',
  setting: 'twoFactorPerAccount',
  windowSeconds: 15 * 60,
  message: TWO_FACTOR_MESSAGES.rateLimited,
  keepOn: [400, 401, 500],
} as const satisfies RateLimit<'signed-in', undefined, undefined, undefined>;

/** Two-factor authentication of the signed-in user, and confirming who they are before money moves. */
export const twoFactorContracts = contractGroup('twoFactor', {
  status: defineContract({
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
  }),
  setup: defineContract({
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
    errors: {
      409: 'Two-factor authentication is already on',
    },
    rateLimits: [proofRateLimit],
  }),
  enable: defineContract({
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
    errors: {
      409: 'Two-factor is already on, or no setup was started (or another one replaced it)',
    },
    rateLimits: [proofRateLimit],
  }),
  disable: defineContract({
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
    errors: {
      409: 'Two-factor authentication is not on',
    },
    rateLimits: [proofRateLimit],
  }),
  recoveryCodes: defineContract({
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
    errors: {
      409: 'Two-factor authentication is not on',
    },
    rateLimits: [proofRateLimit],
  }),
  confirmIdentity: defineContract({
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
    errors: {
      403: 'Wrong tries have locked the wallet PIN (`code: WALLET_PIN_LOCKED`): the password or a code unlocks it',
      409: 'A PIN was sent but none is set, or a code was sent but two-factor is not on',
    },
    // A wallet PIN has its own count of wrong tries, which locks it instead.
    rateLimits: [{ ...proofRateLimit, when: ({ body }) => body.pin === undefined }],
  }),
});
