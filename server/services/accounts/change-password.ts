import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/schema/account';
import { accountTokens } from '@shared/tables/accounts';
import { users } from '@shared/tables/users';
import { hashPassword, verifyPassword } from '../../auth/password';
import { type Database } from '../../db/client';
import { AppError, unauthenticated } from '../../lib/errors';
import { assertPasswordNotGuessable } from '../auth/password-policy';
import { clearRateLimit, consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Changes the signed-in user's password after checking the one in use. Wrong guesses count as
 * failed sign-ins do (15 minutes): per account from this client address, per account from every
 * address (a higher ceiling) and per address, so a session left open is no way around the
 * sign-in limit, and someone guessing on a stolen session does not stop the owner changing the
 * password from their own device. Each try takes its slots before the password is checked, so of
 * many sent at once no more than the limits are checked. A right password clears the count from
 * its address (the owner proved who they are) and gives back its other slots. A reset link sent
 * before the change stops working.
 */
export async function changePassword(
  db: Database,
  input: {
    userId: number;
    currentPassword: string;
    newPassword: string;
    address: string | undefined;
    limits: { perAccountHere: number; perAccount: number; perAddress: number };
  },
): Promise<void> {
  const message = ACCOUNT_MESSAGES.passwordChangeRateLimited;
  const accountHereRule: RateLimitRule = {
    key: `password-change:user-address:${input.userId}:${input.address ?? ''}`,
    limit: input.limits.perAccountHere,
    windowSeconds: FIFTEEN_MINUTES,
    message,
  };
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
  // The narrowest first: a burst refused by it leaves the wider counters untouched.
  const slots = await consumeRateLimit(db, accountHereRule, accountRule, addressRule);

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
  await slots.giveBack();
  await clearRateLimit(db, accountHereRule.key);

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
