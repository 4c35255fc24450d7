import { formatCount } from './format';

/** Money is integer cents everywhere inside; the API speaks dollars with at most two decimals. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Cents as US dollars: 123456 → '$1,234.56', -250 → '-$2.50' (written out: see shared/format.ts). */
export function formatDollars(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = formatCount(Math.floor(whole / 100));
  const sign = cents < 0 && whole !== 0 ? '-' : '';
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}
