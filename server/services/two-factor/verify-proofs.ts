import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { users } from '@shared/tables/users';
import { verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  assertWithinRateLimit,
  recordRateLimitEvent,
  type RateLimitRule,
} from '../rate-limit/rate-limit';
import { consumeRecoveryCode } from './recovery-codes';
import { matchTotpCode } from './totp';

/** Wrong codes and passwords a person may send in a 15-minute window (TWO_FACTOR rate limit). */
export type ProofLimit = { perAccount: number };

/**
 * One counter per account for every wrong code or password sent to prove who someone is (the
 * sign-in's code step, confirming identity, changing two-factor): six digits are guessed in a
 * million tries, so the tries are what must be few. It is never cleared by a success, so a right
 * password cannot reset the count of the wrong codes sent after it.
 */
export const proofRule = (userId: number, limit: ProofLimit): RateLimitRule => ({
  key: `two-factor:user:${userId}`,
  limit: limit.perAccount,
  windowSeconds: 15 * 60,
  message: TWO_FACTOR_MESSAGES.rateLimited,
});

/** A second factor as the shared schemas parse it: a code or a recovery code. */
export type SecondFactor = { code?: string | undefined; recoveryCode?: string | undefined };

/**
 * Whether the second factor is right for a user with two-factor on: a code newer than the last
 * one accepted (which it then becomes, in one conditional update, so that two requests cannot
 * both use it) or an unused recovery code (used up). A wrong one counts against the limit, and
 * 429 comes before anything is checked once the limit is reached.
 */
export async function verifySecondFactor(
  db: Database,
  userId: number,
  proof: SecondFactor,
  limit: ProofLimit,
): Promise<boolean> {
  const rule = proofRule(userId, limit);
  await assertWithinRateLimit(db, rule);
  const right = await secondFactorIsRight(db, userId, proof);
  if (!right) await recordRateLimitEvent(db, rule);
  return right;
}

async function secondFactorIsRight(
  db: Database,
  userId: number,
  proof: SecondFactor,
): Promise<boolean> {
  const [user] = await db
    .select({ secret: users.totpSecret, lastStep: users.totpLastStep })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.totpEnabledAt)));
  if (!user?.secret) return false;
  if (proof.recoveryCode !== undefined) {
    return consumeRecoveryCode(db, userId, proof.recoveryCode);
  }
  if (proof.code === undefined) return false;
  const step = await matchTotpCode(user.secret, proof.code, user.lastStep);
  if (step === null) return false;
  const accepted = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return accepted.length > 0;
}

/** The second factor, or a 400 naming the field that was wrong. */
export async function requireSecondFactor(
  db: Database,
  userId: number,
  proof: SecondFactor,
  limit: ProofLimit,
): Promise<void> {
  if (await verifySecondFactor(db, userId, proof, limit)) return;
  throw wrongSecondFactor(proof, 'VALIDATION');
}

/** The refusal of a wrong second factor, in the words of the field that was sent. */
export function wrongSecondFactor(proof: SecondFactor, code: 'VALIDATION' | 'UNAUTHENTICATED') {
  const [field, message] =
    proof.recoveryCode !== undefined
      ? (['recoveryCode', TWO_FACTOR_MESSAGES.invalidRecoveryCode] as const)
      : (['code', TWO_FACTOR_MESSAGES.invalidCode] as const);
  return new AppError(code, message, { errors: { [field]: message } });
}

/** The signed-in user's own password, or a 400 (a wrong one counts against the same limit). */
export async function requirePassword(
  db: Database,
  userId: number,
  password: string,
  limit: ProofLimit,
): Promise<void> {
  const rule = proofRule(userId, limit);
  await assertWithinRateLimit(db, rule);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (user && (await verifyPassword(password, user.passwordHash))) return;
  await recordRateLimitEvent(db, rule);
  throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.wrongPassword, {
    errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
  });
}
