import { z } from 'zod';

/** Money is integer cents everywhere inside; the API speaks dollars with at most two decimals. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export function formatDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/**
 * A dollar amount between min and max with at most two decimals, parsed to integer cents.
 * `label` starts the messages, e.g. 'Amount'.
 */
export function dollarsToCentsField(label: string, min: number, max: number) {
  const rangeMessage = `${label} must be between $${min} and $${max.toLocaleString('en-US')}`;
  return z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((value) => value >= min && value <= max, rangeMessage)
    .refine(hasAtMostTwoDecimals, `${label} can have at most two decimals`)
    .transform((value) => Math.round(value * 100));
}
