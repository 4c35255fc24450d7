import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLongDate,
  formatLongMonth,
  formatMonthDay,
  formatShortDate,
  formatShortDateTime,
  formatShortMonth,
  formatWeekdayDate,
} from './format';
import { formatDollars } from './money';

// Intl writes the same formats (it is what the app used before): it is the reference here, with
// the narrow no-break space some ICU versions put before AM/PM read as a space.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', options);
  return (date: Date) => format.format(date).replace(/\u202f/g, ' ');
};

/** Dates across years, months, both halves of the day and the hours around noon and midnight. */
const dates = Array.from(
  { length: 400 },
  (_, index) => new Date(Date.UTC(1999, 0, 1) + index * 7_919_377_123),
);
dates.push(
  new Date('2026-01-01T00:00:00Z'),
  new Date('2026-12-31T23:59:59Z'),
  new Date('2026-06-15T12:00:00Z'),
);

describe('formatCount', () => {
  it('writes whole numbers as en-US does', () => {
    for (const value of [
      0, 7, 999, 1000, 12345, 999999, 1000000, 1234567890, -1, -1000, -1234567,
    ]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('formatDollars', () => {
  it('writes cents as en-US currency does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [0, 1, 5, 99, 100, 1000, 123456, 100000000, 999999999, -250, -123456]) {
      expect(formatDollars(cents)).toBe(usd.format(cents / 100));
    }
  });
});

describe('dates', () => {
  it.each([
    ['formatShortDate', formatShortDate, { year: 'numeric', month: 'short', day: 'numeric' }],
    ['formatMonthDay', formatMonthDay, { month: 'short', day: 'numeric' }],
    [
      'formatWeekdayDate',
      formatWeekdayDate,
      { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
    ],
    ['formatLongDate', formatLongDate, { month: 'long', day: 'numeric', year: 'numeric' }],
    ['formatShortMonth', formatShortMonth, { month: 'short', year: '2-digit' }],
    ['formatLongMonth', formatLongMonth, { month: 'long', year: 'numeric' }],
    [
      'formatShortDateTime',
      formatShortDateTime,
      { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    ],
  ] as const)('%s writes what Intl writes, in local time and in UTC', (_name, format, options) => {
    const local = intl(options);
    const utc = intl({ ...options, timeZone: 'UTC' });
    for (const date of dates) {
      expect(format(date)).toBe(local(date));
      expect(format(date, 'utc')).toBe(utc(date));
    }
  });
});
