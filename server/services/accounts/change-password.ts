import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { accountTokens } from '@shared/tables/accounts';
import { users } from '@shared/tables/users';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError, unauthenticated } from '../../lib/errors';
import { assertPasswordNotGuessable } from '../auth/password-policy';

/**
 * Changes the signed-in user's password after checking the one in use (a wrong one answers 400,
 * which the contract's limits count as failed sign-ins are counted). A reset link sent before the
 * change stops working.
 */
export async function changePassword(
  db: Database,
  input: {
    userId: number;
    currentPassword: string;
    newPassword: string;
  },
): Promise<void> {
  const [account] = await db
    .select({
      passwordHash: users.passwordHash,
      username: users.username,
      email: users.email,
      name: users.name,
    })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!account) throw unauthenticated();
  if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
    throw new AppError('VALIDATION', ACCOUNT_MESSAGES.wrongCurrentPassword, {
      errors: { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
  }

  assertPasswordNotGuessable(input.newPassword, account, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, input.userId),
          eq(accountTokens.purpose, 'password_reset'),
          isNull(accountTokens.usedAt),
        ),
      );
  });
}
