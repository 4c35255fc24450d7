import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { accountTokens } from '@shared/tables/accounts';
import { users } from '@shared/tables/users';
import { hashPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { guessablePasswordError } from '../auth/password-policy';
import { consumeAccountToken, hashAccountToken } from './account-tokens';

const invalidLink = () => new AppError('VALIDATION', ACCOUNT_MESSAGES.invalidResetLink);

/**
 * Sets a new password with a reset link's token: the token is used up and the password changed
 * in one transaction, so a link works once and a failure leaves both as they were. Answers the
 * account and whether it has two-factor on; the caller ends its sessions and signs this browser
 * in (unless a second factor must be asked for: the link proves only the mailbox).
 */
export async function resetPassword(
  db: Database,
  input: {
    token: string;
    password: string;
  },
): Promise<{ userId: number; twoFactorEnabled: boolean }> {
  // A token that cannot work is refused before the password is hashed (which is slow on purpose).
  const [usable] = await db
    .select({
      id: accountTokens.id,
      username: users.username,
      email: users.email,
      name: users.name,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.tokenHash, hashAccountToken(input.token)),
        eq(accountTokens.purpose, 'password_reset'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    );
  if (!usable) throw invalidLink();
  // A working link and a password too easy to guess: the link stays unused (and is no miss).
  const refusal = guessablePasswordError(input.password, usable);
  if (refusal) throw refusal;

  const passwordHash = await hashPassword(input.password);
  const reset = await db.transaction(async (tx) => {
    // Two requests with one token both get here; the conditional update lets one of them through.
    const used = await consumeAccountToken(tx, input.token, 'password_reset');
    if (!used) throw invalidLink();
    const [changed] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
      .returning({ id: users.id, totpEnabledAt: users.totpEnabledAt });
    if (!changed) throw invalidLink();
    return { userId: changed.id, twoFactorEnabled: changed.totpEnabledAt !== null };
  });
  return reset;
}
