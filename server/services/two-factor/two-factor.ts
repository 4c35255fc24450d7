import QRCode from 'qrcode';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetupResult,
  type TwoFactorStatus,
} from '@shared/schema/two-factor';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
} from './recovery-codes';
import { clearWalletPinFailures, requireWalletPin } from '../wallet-pin/wallet-pin';
import { matchTotpCode, newTotpSecret, totpUri } from './totp';
import { requirePassword, requireSecondFactor, type SecondFactor } from './verify-proofs';

const OFF: TwoFactorStatus = { enabled: false, recoveryCodesLeft: 0 };

export async function isTwoFactorEnabled(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)));
  return row !== undefined;
}

export async function getTwoFactorStatus(db: Database, userId: number): Promise<TwoFactorStatus> {
  if (!(await isTwoFactorEnabled(db, userId))) return OFF;
  return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId) };
}

/**
 * Starts an enrolment after the password: a new secret is kept (two-factor stays off until a code
 * from it is confirmed; starting again replaces it) and answered, as a QR code and as text. This
 * is the only answer that ever carries the secret.
 */
export async function startTwoFactorSetup(
  db: Database,
  userId: number,
  password: string,
): Promise<TwoFactorSetupResult> {
  await requirePassword(db, userId, password);
  const secret = newTotpSecret();
  const [user] = await db
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ username: users.username });
  if (!user) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
  const uri = totpUri(secret, user.username);
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    uri,
    secret,
  };
}

/**
 * Turns two-factor on once a code from the new secret is right (proof the app holds it): the
 * code's step is remembered so it cannot sign in again, and ten recovery codes are made and
 * answered, once. A wrong code leaves two-factor off (its 400 counts against the proof limit).
 */
export async function enableTwoFactor(
  db: Database,
  userId: number,
  code: string,
): Promise<RecoveryCodes> {
  const [user] = await db
    .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.enabledAt) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyOn);
  if (!user?.secret) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.noSetup);
  const secret = user.secret;
  const step = await matchTotpCode(secret, code, null);
  if (step === null) {
    throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.invalidCode, {
      errors: { code: TWO_FACTOR_MESSAGES.invalidCode },
    });
  }
  return db.transaction(async (tx) => {
    // Only the secret the code was checked against: a setup started meanwhile elsewhere wins.
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: sql`now()`, totpLastStep: step })
      .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!enabled) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.noSetup);
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

async function requireEnabled(db: Database, userId: number): Promise<void> {
  if (!(await isTwoFactorEnabled(db, userId))) {
    throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notOn);
  }
}

/** Turns two-factor off, after the password and a second factor: the secret and codes go. */
export async function disableTwoFactor(
  db: Database,
  userId: number,
  proof: { password: string } & SecondFactor,
): Promise<TwoFactorStatus> {
  await requireEnabled(db, userId);
  await requirePassword(db, userId, proof.password);
  await requireSecondFactor(db, userId, proof);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, userId));
    await deleteRecoveryCodes(tx, userId);
  });
  return OFF;
}

/** New recovery codes (the old ones stop working), after the password and a second factor. */
export async function regenerateRecoveryCodes(
  db: Database,
  userId: number,
  proof: { password: string } & SecondFactor,
): Promise<RecoveryCodes> {
  await requireEnabled(db, userId);
  await requirePassword(db, userId, proof.password);
  await requireSecondFactor(db, userId, proof);
  return db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId) }));
}

/**
 * Proves who the signed-in person is again, before moving money: their password, a code when
 * two-factor is on, or their wallet PIN. Throws a 400 when it is wrong (a locked or missing PIN:
 * 403 or 409); the caller records the proof's time. A right password or code also unlocks the
 * PIN.
 */
export async function confirmIdentity(
  db: Database,
  userId: number,
  proof: { password?: string | undefined; code?: string | undefined; pin?: string | undefined },
): Promise<void> {
  if (proof.pin !== undefined) {
    await requireWalletPin(db, userId, proof.pin);
    return;
  }
  if (proof.password !== undefined) {
    await requirePassword(db, userId, proof.password);
  } else {
    await requireEnabled(db, userId);
    await requireSecondFactor(db, userId, { code: proof.code });
  }
  await clearWalletPinFailures(db, userId);
}
