import { eq, lte, sql } from 'drizzle-orm';
import { rateLimits } from '@shared/tables/sessions';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { AppError } from '../../lib/errors';

/**
 * Fixed-window counters in the database, so that every app instance sees the same count
 * (counters in memory would let each instance allow the whole limit on its own).
 *
 * Every limit is consumed before the work it guards, in one statement that increments a counter
 * only while it is under its limit: of N requests sent at once, each takes a slot or is refused,
 * so no more than the limit ever get through. A limit on failures (wrong passwords, wrong codes)
 * is consumed the same way, before the check, and a request whose check then succeeds may give
 * its slot back (`RateLimitSlots.giveBack`); checking first and counting the failure afterwards
 * would let every request of a burst be checked while the counter still showed room.
 */
export type RateLimitRule = { key: string; limit: number; windowSeconds: number; message: string };

/** The slots a request took; giving them back is for checks that succeeded. */
export type RateLimitSlots = {
  /**
   * Gives back this request's slot of each key named (of every rule when none is), once, in
   * one statement: a counter never goes below 0, and a window that has ended meanwhile is left
   * alone (the slot was in it, not in the window that followed).
   */
  giveBack: (...keys: string[]) => Promise<void>;
};

type TakenRow = { key: string; windowEnd: string };

/**
 * One slot of a key, taken only while its window has room (a window that has ended starts again
 * at 1): the row lock makes concurrent requests take slots one after another, so the count never
 * passes the limit and a refused request changes nothing. Answers the window's end when taken.
 */
const takeSlot = preparedQuery<{ windowEnd: string }>(
  'rate_limit_take',
  () => sql`
    insert into ${rateLimits} as counter (key, count, reset_at)
    values (${sql.placeholder('key')}, 1,
            now() + make_interval(secs => ${sql.placeholder('windowSeconds')}::int))
    on conflict (key) do update
       set count = case when counter.reset_at <= now() then 1 else counter.count + 1 end,
           reset_at = case when counter.reset_at <= now() then excluded.reset_at
                           else counter.reset_at end
     where counter.reset_at <= now() or counter.count < ${sql.placeholder('limit')}::int
    returning counter.reset_at::text as "windowEnd"`,
);

/** Returns one slot per key in the window it was taken in (matched by the window's end). */
const returnSlots = preparedQuery<{ key: string }>(
  'rate_limit_give_back',
  () => sql`
    update ${rateLimits} as counter set count = greatest(counter.count - 1, 0)
      from unnest(${sql.placeholder('keys')}::text[],
                  ${sql.placeholder('windowEnds')}::timestamptz[]) as given(key, window_end)
     where counter.key = given.key and counter.reset_at = given.window_end
    returning counter.key`,
);

/** How long until the open windows of some keys end, in whole seconds (at least 1). */
const secondsLeft = preparedQuery<{ key: string; seconds: number }>(
  'rate_limit_seconds_left',
  () => sql`
    select key, greatest(1, ceil(extract(epoch from reset_at - now())))::int as seconds
      from ${rateLimits}
     where key = any(${sql.placeholder('keys')}::text[]) and reset_at > now()`,
);

/**
 * Takes one slot of every rule, in the order given, or refuses with 429 (the first full rule
 * answers) and counts nothing: when a rule is full, the slots already taken of the rules before
 * it are given back at once, so a refused request never counts (an attacker's refused guesses
 * must not fill the owner's wider allowance). Until they are, a concurrent request may find one
 * of those counters a slot fuller than it ends up, which can only refuse it early, never let a
 * request past a limit. So the narrowest rule comes first: a burst against it is refused there,
 * touching none of the wider ones. Each slot is one statement that holds its row's lock only for
 * itself, so requests naming the same keys in another order cannot deadlock.
 */
export async function consumeRateLimit(
  db: Database,
  ...rules: RateLimitRule[]
): Promise<RateLimitSlots> {
  let held: TakenRow[] = [];
  const slots: RateLimitSlots = {
    giveBack: async (...keys) => {
      const returning = keys.length ? held.filter((row) => keys.includes(row.key)) : held;
      if (returning.length === 0) return;
      held = held.filter((row) => !returning.includes(row));
      await returnSlots(db, 'all', {
        keys: returning.map((row) => row.key),
        windowEnds: returning.map((row) => row.windowEnd),
      });
    },
  };
  for (const rule of rules) {
    if (held.some((row) => row.key === rule.key)) continue;
    const [taken] = await takeSlot(db, 'all', {
      key: rule.key,
      limit: rule.limit,
      windowSeconds: rule.windowSeconds,
    });
    if (taken) {
      held.push({ key: rule.key, windowEnd: taken.windowEnd });
      continue;
    }
    await slots.giveBack();
    const [left] = await secondsLeft(db, 'all', { keys: [rule.key] });
    throw tooManyRequests(rule, left?.seconds ?? rule.windowSeconds);
  }
  return slots;
}

/** A client address may make this many times an account's allowance (people share addresses). */
export const ADDRESS_ALLOWANCE_FACTOR = 5;

/** Forgets a key's count (a successful sign-in forgets the failures before it). */
export async function clearRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops windows that have ended; run periodically so the table stays small. */
export async function pruneRateLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(lte(rateLimits.resetAt, sql`now()`));
}

function tooManyRequests(rule: RateLimitRule, retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', rule.message, {
    retryAfterSeconds: Math.max(1, retryAfterSeconds),
  });
}
