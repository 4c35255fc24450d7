/**
 * Numbers and dates as the app writes them, always in US English, written out by hand rather
 * than through Intl. The first Intl formatter a browser tab builds loads the locale data: on a
 * mid-range phone that one call held the main thread for 100–400 ms (a number formatter, then a
 * date formatter, each a long task on the first screen). These few fixed formats need none of it.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** A whole number with thousands separated: 12345 → '12,345', -1000 → '-1,000'. */
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return value < 0 && whole !== 0 ? `-${digits}` : digits;
}

/** The parts of a date, read in the reader's time zone or in UTC. */
function partsOf(date: Date, zone: 'local' | 'utc') {
  return zone === 'utc'
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        weekday: date.getUTCDay(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        weekday: date.getDay(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

const monthName = (month: number) => MONTHS[month] ?? '';
const shortMonth = (month: number) => monthName(month).slice(0, 3);

/** 'Mar 4, 2025'. */
export function formatShortDate(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { year, month, day } = partsOf(date, zone);
  return `${shortMonth(month)} ${day}, ${year}`;
}

/** 'Mar 4, 2025, 3:05 PM'. */
export function formatShortDateTime(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { hours, minutes } = partsOf(date, zone);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const time = `${hour}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${formatShortDate(date, zone)}, ${time}`;
}

/** 'Mar 4' (a chart's axis). */
export function formatMonthDay(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { month, day } = partsOf(date, zone);
  return `${shortMonth(month)} ${day}`;
}

/** 'Tue, Mar 4, 2025'. */
export function formatWeekdayDate(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { weekday } = partsOf(date, zone);
  return `${WEEKDAYS[weekday] ?? ''}, ${formatShortDate(date, zone)}`;
}

/** 'March 4, 2025'. */
export function formatLongDate(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { year, month, day } = partsOf(date, zone);
  return `${monthName(month)} ${day}, ${year}`;
}

/** 'Mar 25' (a chart's axis: month and two-digit year). */
export function formatShortMonth(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { year, month } = partsOf(date, zone);
  return `${shortMonth(month)} ${String(year % 100).padStart(2, '0')}`;
}

/** 'March 2025'. */
export function formatLongMonth(date: Date, zone: 'local' | 'utc' = 'local'): string {
  const { year, month } = partsOf(date, zone);
  return `${monthName(month)} ${year}`;
}
