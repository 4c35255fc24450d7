/** Money is integer cents everywhere inside; the API speaks dollars with at most two decimals. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

// One formatter for the process: `toLocaleString` builds a new one on every call, which cost the
// marketplace a sixth of the server's time (one per pin of the page).
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(cents: number): string {
  return dollars.format(cents / 100);
}
