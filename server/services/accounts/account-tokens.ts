import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_LINKS, type AccountTokenPurpose } from '@shared/constants';
import { accountTokens } from '@shared/tables/accounts';
import { type Executor } from '../../db/client';

/** Tokens are kept as SHA-256: 256 random bits need no slow hash to resist guessing. */
export const hashAccountToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * A new single-use token for the user (valid ACCOUNT_LINKS.validMinutes); the previous unused
 * ones of the same purpose stop working, so only the newest link sent works. Answers the token
 * itself, which exists only in the e-mail it is put in.
 */
export async function issueAccountToken(
  db: Executor,
  input: { userId: number; purpose: AccountTokenPurpose; newEmail?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, input.userId),
        eq(accountTokens.purpose, input.purpose),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashAccountToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: sql`now() + make_interval(mins => ${ACCOUNT_LINKS.validMinutes})`,
  });
  return token;
}

/**
 * Uses a token up: answers its user (and new e-mail) when it is unused, unexpired and of this
 * purpose, marking it used in the same statement so that two requests cannot both use it; null
 * otherwise. The lookup is by the token's hash, so timing says nothing about stored tokens.
 */
export async function consumeAccountToken(
  db: Executor,
  token: string,
  purpose: AccountTokenPurpose,
): Promise<{ userId: number; newEmail: string | null } | null> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.tokenHash, hashAccountToken(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: accountTokens.userId, newEmail: accountTokens.newEmail });
  return used ?? null;
}
