import { z } from 'zod';
import { hasAtMostTwoDecimals } from './money';
import { formatCount } from './format';

// Kept apart from money.ts: the client formats money on many pages, and the bundler ships a shared
// module whole, so zod imported there would be in the first download of each of those pages.

/**
 * A dollar amount between min and max with at most two decimals, parsed to integer cents.
 * `label` starts the messages, e.g. 'Amount'.
 */
export function dollarsToCentsField(label: string, min: number, max: number) {
  const rangeMessage = `${label} must be between $${min} and $${formatCount(max)}`;
  return z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((value) => value >= min && value <= max, rangeMessage)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`)
    .transform((value) => Math.round(value * 100));
}
