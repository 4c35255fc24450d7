import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from '@shared/schema/two-factor';
import { users } from '@shared/tables/users';
import { verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { consumeRecoveryCode } from './recovery-codes';
import { matchTotpCode } from './totp';

/** A second factor as the shared schemas parse it: a code or a recovery code. */
export type SecondFactor = { code?: string | undefined; recoveryCode?: string | undefined };

/**
 * Whether the second factor is right for a user with two-factor on: a code newer than the last
 * one accepted (which it then becomes, in one conditional update, so that two requests cannot
 * both use it) or an unused recovery code (used up). Every endpoint that checks a proof declares
 * the proof limit in its contract (`proofRateLimit`): the try takes its slot before it is
 * checked, and a wrong proof's refusal keeps it.
 */
export async function secondFactorIsRight(
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
): Promise<void> {
  if (await secondFactorIsRight(db, userId, proof)) return;
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

/** The signed-in user's own password, or a 400 (a wrong one counts against the proof limit). */
export async function requirePassword(
  db: Database,
  userId: number,
  password: string,
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (user !== undefined && (await verifyPassword(password, user.passwordHash))) return;
  throw new AppError('VALIDATION', TWO_FACTOR_MESSAGES.wrongPassword, {
    errors: { password: TWO_FACTOR_MESSAGES.wrongPassword },
  });
}
