import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { accountTokens } from '@shared/tables/accounts';
import { users } from '@shared/tables/users';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError, unauthenticated } from '../../lib/errors';
import {
  assertWithinRateLimit,
  clearRateLimit,
  recordRateLimitEvent,
  type RateLimitRule,
} from '../rate-limit/rate-limit';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Changes the signed-in user's password after checking the one in use. Wrong guesses count like
 * failed sign-ins (per account and per client address, 15 minutes), so a session left open is no
 * way around the sign-in limit. A reset link sent before the change stops working.
 */
export async function changePassword(
  db: Database,
  input: {
    userId: number;
    currentPassword: string;
    newPassword: string;
    address: string | undefined;
    limits: { perAccount: number; perAddress: number };
  },
): Promise<void> {
  const message = ACCOUNT_MESSAGES.passwordChangeRateLimited;
  const accountRule: RateLimitRule = {
    key: `password-change:user:${input.userId}`,
    limit: input.limits.perAccount,
    windowSeconds: FIFTEEN_MINUTES,
    message,
  };
  const addressRule: RateLimitRule = {
    key: `password-change:address:${input.address ?? ''}`,
    limit: input.limits.perAddress,
    windowSeconds: FIFTEEN_MINUTES,
    message,
  };
  await assertWithinRateLimit(db, accountRule, addressRule);

  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, input.userId), isNull(users.deletedAt)));
  if (!account) throw unauthenticated();
  if (!(await verifyPassword(input.currentPassword, account.passwordHash))) {
    await recordRateLimitEvent(db, accountRule);
    await recordRateLimitEvent(db, addressRule);
    throw new AppError('VALIDATION', ACCOUNT_MESSAGES.wrongCurrentPassword, {
      errors: { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
  }
  await clearRateLimit(db, accountRule.key);

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
