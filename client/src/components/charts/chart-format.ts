import {
  formatCount,
  formatLongMonth,
  formatMonthDay,
  formatShortMonth,
  formatWeekdayDate,
} from '@shared/format';

// Charts' days and months are UTC (as the API buckets them), so they are written in UTC too: a
// reader west of Greenwich must not see the 25th's claims labelled the 24th.
const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** '2026-11-25' → 'Nov 25' (an axis label). */
export const formatChartDay = (day: string) => formatMonthDay(dayDate(day), 'utc');
/** '2026-11-25' → 'Wed, Nov 25, 2026' (a table row). */
export const formatChartDayLong = (day: string) => formatWeekdayDate(dayDate(day), 'utc');
/** '2026-11' → 'Nov 26' (an axis label). */
export const formatChartMonth = (month: string) => formatShortMonth(monthDate(month), 'utc');
/** '2026-11' → 'November 2026' (a table row). */
export const formatChartMonthLong = (month: string) => formatLongMonth(monthDate(month), 'utc');

/** 1 → '1 claim', 3 → '3 claims'. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;
