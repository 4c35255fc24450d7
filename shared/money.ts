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
