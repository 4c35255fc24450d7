// Charts' days and months are UTC (as the API buckets them), so they are written in UTC too: a
// reader west of Greenwich must not see the 25th's claims labelled the 24th.
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: '2-digit',
  timeZone: 'UTC',
});
const longMonthFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** '2026-11-25' → 'Nov 25' (an axis label). */
export const formatChartDay = (day: string) => dayFormat.format(dayDate(day));
/** '2026-11-25' → 'Wed, Nov 25, 2026' (a table row). */
export const formatChartDayLong = (day: string) => longDayFormat.format(dayDate(day));
/** '2026-11' → 'Nov 26' (an axis label). */
export const formatChartMonth = (month: string) => monthFormat.format(monthDate(month));
/** '2026-11' → 'November 2026' (a table row). */
export const formatChartMonthLong = (month: string) => longMonthFormat.format(monthDate(month));

/** 1 → '1 claim', 3 → '3 claims'. */
export const countOf = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
