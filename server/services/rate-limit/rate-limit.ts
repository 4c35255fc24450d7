import { and, eq, gt, lte, sql } from 'drizzle-orm';
import { rateLimits } from '@shared/tables/sessions';
import { type Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { AppError } from '../../lib/errors';

/**
 * Fixed-window counters in the database, so that every app instance sees the same count
 * (counters in memory would let each instance allow the whole limit on its own).
 */
export type RateLimitRule = { key: string; limit: number; windowSeconds: number; message: string };

/** Counts one event against the rule and refuses it with 429 when the window is already full. */
export async function consumeRateLimit(db: Database, rule: RateLimitRule): Promise<void> {
  const [row] = await db
    .insert(rateLimits)
    .values({
      key: rule.key,
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  if (row && row.count > rule.limit) throw tooManyRequests(rule, row.resetAt);
}

/** A client address may make this many times an account's allowance (people share addresses). */
export const ADDRESS_ALLOWANCE_FACTOR = 5;

/**
 * Counts a signed-in person's request against their account's allowance and against a larger one
 * for their client address (the address as Express reads it, through TRUST_PROXY), so that neither
 * one account from many addresses nor many accounts from one address can exceed a limit.
 */
export async function consumeAccountRateLimit(
  db: Database,
  rule: {
    name: string;
    userId: number;
    address: string | undefined;
    limit: number;
    windowSeconds: number;
    message: string;
  },
): Promise<void> {
  const { name, userId, address, limit, windowSeconds, message } = rule;
  await consumeRateLimit(db, { key: `${name}:user:${userId}`, limit, windowSeconds, message });
  await consumeRateLimit(db, {
    key: `${name}:address:${address ?? 'unknown'}`,
    limit: limit * ADDRESS_ALLOWANCE_FACTOR,
    windowSeconds,
    message,
  });
}

// The open windows of some keys, in one statement built once (sign-ins and counter lookups read
// two per request).
const openWindows = preparedStatement('rate_limit_windows', (db: Database) =>
  db
    .select({ key: rateLimits.key, count: rateLimits.count, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(
      and(
        sql`${rateLimits.key} = any(${sql.placeholder('keys')}::text[])`,
        gt(rateLimits.resetAt, sql`now()`),
      ),
    ),
);

/**
 * Refuses with 429 when any rule's window is full, without counting this request; when several
 * are, the first of them in the order given answers.
 */
export async function assertWithinRateLimit(
  db: Database,
  ...rules: RateLimitRule[]
): Promise<void> {
  const rows = await openWindows(db, 'all').execute({ keys: rules.map((rule) => rule.key) });
  for (const rule of rules) {
    const row = rows.find((window) => window.key === rule.key);
    if (row && row.count >= rule.limit) throw tooManyRequests(rule, row.resetAt);
  }
}

/** Counts one event without refusing it (a failed sign-in counts toward the next attempt). */
export async function recordRateLimitEvent(db: Database, rule: RateLimitRule): Promise<void> {
  await consumeRateLimit(db, { ...rule, limit: Number.MAX_SAFE_INTEGER });
}

export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops windows that have ended; run periodically so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

function tooManyRequests(rule: RateLimitRule, resetAt: Date): AppError {
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000),
  );
  return new AppError('RATE_LIMITED', rule.message, { retryAfterSeconds });
}
