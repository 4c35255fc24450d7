import { REDEMPTION_MESSAGES } from '@shared/schema/gift-cards';
import { type Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  ADDRESS_ALLOWANCE_FACTOR,
  consumeRateLimit,
  type RateLimitRule,
} from '../rate-limit/rate-limit';

/**
 * Codes that match no card, per business in a window, before its lookups are refused until the
 * window ends; a client address gets ADDRESS_ALLOWANCE_FACTOR times as many (several businesses
 * may share one). A cashier's typos stay far below this; a guesser, with about a thousand live
 * codes among 2^40, would need a billion tries per hit.
 */
export const CODE_MISSES_PER_BUSINESS = 20;
export const CODE_MISSES_WINDOW_SECONDS = 15 * 60;

export type CodeAttempt = { businessId: number; address: string | undefined };

function rulesOf({ businessId, address }: CodeAttempt): RateLimitRule[] {
  const rule = {
    windowSeconds: CODE_MISSES_WINDOW_SECONDS,
    message: REDEMPTION_MESSAGES.rateLimited,
  };
  return [
    { ...rule, key: `redemption-code:business:${businessId}`, limit: CODE_MISSES_PER_BUSINESS },
    {
      ...rule,
      key: `redemption-code:address:${address ?? 'unknown'}`,
      limit: CODE_MISSES_PER_BUSINESS * ADDRESS_ALLOWANCE_FACTOR,
    },
  ];
}

/**
 * Runs a use of a code unless the business or its address has had too many codes that match no
 * card (429), and counts this one if it matches none. Only misses count, as failed sign-ins do:
 * a busy counter redeeming real codes all day is never slowed, while guessing is. Each use takes
 * its slots before the code is looked up, so of many codes sent at once no more than the limits
 * are looked up; one that matches a card (or is refused for another reason: a spent card, an
 * amount over the balance) gives its slots back. Uses still in flight hold a slot each, so a
 * business with a full window less its in-flight uses is refused early, never late.
 */
export async function withCodeAttempt<T>(
  db: Database,
  attempt: CodeAttempt,
  run: () => Promise<T>,
): Promise<T> {
  const rules = rulesOf(attempt);
  const slots = await consumeRateLimit(db, ...rules);
  let result: T;
  try {
    result = await run();
  } catch (error) {
    // A code that matches no card keeps its slots: it is the miss being counted.
    if (!(error instanceof AppError && error.code === 'NOT_FOUND')) await slots.giveBack();
    throw error;
  }
  await slots.giveBack();
  return result;
}
