import { describe, expect, it } from 'vitest';
import { centsToDollars, formatDollars, hasAtMostTwoDecimals } from './money';

describe('money', () => {
  it('formats cents as US dollars', () => {
    expect(formatDollars(1000)).toBe('$10.00');
    expect(formatDollars(123456)).toBe('$1,234.56');
    expect(formatDollars(5)).toBe('$0.05');
    expect(formatDollars(-250)).toBe('-$2.50');
  });

  it('converts cents to dollars and checks decimals', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(hasAtMostTwoDecimals(5.01)).toBe(true);
    expect(hasAtMostTwoDecimals(5.001)).toBe(false);
  });
});
