import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { users } from '@shared/tables/users';
import { verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit';
import { consumeRecoveryCode } from './recovery-codes';
import { matchTotpCode } from './totp';

/** Wrong codes and passwords a person may send in a 15-minute window (TWO_FACTOR rate limit). */
export type ProofLimit = { perAccount: number };

/**
 * One counter per account for every wrong code or password sent to prove who someone is (the
 * sign-in's code step, confirming identity, changing two-factor): six digits are guessed in a
 * million tries, so the tries are what must be few. Each try takes a slot before it is checked
 * (`checkProof`); a right one gives back its own slot only. The counter is never cleared by a
 * success, so a right password cannot reset the count of the wrong codes sent after it.
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
 * Runs a check of a proof against the account's proof limit: a slot is taken first (429, with
 * nothing checked, once the window is full), so of many tries sent at once no more than the limit
 * are checked. A wrong proof keeps its slot; a right one gives its own back (which leaves the
 * wrong ones counted). A check that throws keeps its slot: it may have been checked.
 */
export async function checkProof(
  db: Database,
  userId: number,
  limit: ProofLimit,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const slots = await consumeRateLimit(db, proofRule(userId, limit));
  const right = await check();
  if (right) await slots.giveBack();
  return right;
}

/**
 * Whether the second factor is right for a user with two-factor on: a code newer than the last
 * one accepted (which it then becomes, in one conditional update, so that two requests cannot
 * both use it) or an unused recovery code (used up). Checked under the proof limit (`checkProof`).
 */
export async function verifySecondFactor(
  db: Database,
  userId: number,
  proof: SecondFactor,
  limit: ProofLimit,
): Promise<boolean> {
  return checkProof(db, userId, limit, () => secondFactorIsRight(db, userId, proof));
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
  const right = await checkProof(db, userId, limit, async () => {
    const [user] = await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId));
    return user !== undefined && (await verifyPassword(password, user.passwordHash));
  });
  if (right) return;
  throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.wrongPassword, {
    errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
  });
}
