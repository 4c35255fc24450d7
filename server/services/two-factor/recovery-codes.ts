import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { TWO_FACTOR } from '@shared/constants';
import { RECOVERY_CODE_ALPHABET } from '@shared/schema/two-factor';
import { recoveryCodes } from '@shared/tables/accounts';
import { type Executor } from '../../db/client';

/**
 * A recovery code as stored: SHA-256 of the user's id and the code as typed without its dash.
 * The codes are 50 random bits each, and whoever could read this table could read the TOTP
 * secret beside it, so a slow hash would protect nothing more; the user's id keeps one account's
 * code from matching another's row.
 */
const hashRecoveryCode = (userId: number, code: string) =>
  createHash('sha256').update(`${userId}:${code}`, 'utf8').digest('hex');

/** One new code, e.g. `k7m2p-x9qaz` (the dash is only for reading). */
function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < TWO_FACTOR.recoveryCodeLength; index++) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  const half = TWO_FACTOR.recoveryCodeLength / 2;
  return `${code.slice(0, half)}-${code.slice(half)}`;
}

/**
 * A fresh set of codes for the user, replacing every earlier one (used or not). Answers the codes
 * themselves: they exist only in this answer, for the person to save.
 */
export async function replaceRecoveryCodes(db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code.replace('-', '')) })),
    );
  return codes;
}

/**
 * Uses a code up (given as the shared schema normalises it: lower case, no dash): true when it
 * was one of the user's unused codes, marked used in the same statement so that two requests
 * cannot both use it. The lookup is by hash, so timing says nothing about the stored codes.
 */
export async function consumeRecoveryCode(
  db: Executor,
  userId: number,
  code: string,
): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
