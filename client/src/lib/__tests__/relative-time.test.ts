import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../relative-time';

const NOW = new Date('2025-06-15T12:00:00.000Z');
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The ISO date `ms` milliseconds before NOW, as the API sends it. */
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, '0 seconds ago'],
    [1 * SECOND, '1 second ago'],
    [45 * SECOND, '45 seconds ago'],
    [59 * SECOND + 999, '59 seconds ago'],
    [60 * SECOND, '1 minute ago'],
    [2 * MINUTE + 30 * SECOND, '2 minutes ago'],
    [59 * MINUTE, '59 minutes ago'],
    [HOUR, '1 hour ago'],
    [23 * HOUR + 59 * MINUTE, '23 hours ago'],
    [DAY, '1 day ago'],
    [6 * DAY + 23 * HOUR, '6 days ago'],
    [7 * DAY, '1 week ago'],
    [13 * DAY, '1 week ago'],
    [14 * DAY, '2 weeks ago'],
    [29 * DAY + 23 * HOUR, '4 weeks ago'],
    [30 * DAY, '1 month ago'],
    [59 * DAY, '1 month ago'],
    [60 * DAY, '2 months ago'],
    [400 * DAY, '13 months ago'],
  ])('%i ms ago reads "%s"', (elapsed, expected) => {
    expect(formatRelativeTime(before(elapsed), NOW)).toBe(expected);
  });

  it('accepts a Date, a timestamp and a number for now', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() - 3 * HOUR), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(NOW.getTime() - 5 * MINUTE, NOW.getTime())).toBe('5 minutes ago');
  });

  it('treats a missing or unreadable date as now', () => {
    expect(formatRelativeTime(null, NOW)).toBe('0 seconds ago');
    expect(formatRelativeTime(undefined, NOW)).toBe('0 seconds ago');
    expect(formatRelativeTime('', NOW)).toBe('0 seconds ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('0 seconds ago');
  });

  it('never reads a date from a clock slightly ahead as the future', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 5 * SECOND), NOW)).toBe('0 seconds ago');
  });

  it('measures from the current time by default', () => {
    expect(formatRelativeTime(new Date(Date.now() - 2 * DAY))).toBe('2 days ago');
  });
});
