const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** From 30 days on, ages are counted in months of 30 days. */
const MONTH_MS = 30 * DAY_MS;

/** '3 hours ago', '1 day ago'. */
export function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

function toTime(date: string | number | Date | null | undefined, now: number): number {
  if (date === null || date === undefined || date === '') return now;
  const time = new Date(date).getTime();
  // A missing creation date counts as now; an unreadable one is treated the same way.
  return Number.isNaN(time) ? now : time;
}

/**
 * How long ago `date` was, in steps: seconds under a minute, minutes under an hour,
 * hours under a day, days under a week, weeks under 30 days, months after that. A missing date is
 * now; a date slightly in the future (another clock) reads as 0 seconds ago.
 */
export function formatRelativeTime(
  date: string | number | Date | null | undefined,
  now: Date | number = Date.now(),
): string {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const elapsed = Math.max(0, nowMs - toTime(date, nowMs));

  if (elapsed < MINUTE_MS) return ago(Math.floor(elapsed / SECOND_MS), 'second');
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < WEEK_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  if (elapsed < MONTH_MS) return ago(Math.floor(elapsed / WEEK_MS), 'week');
  return ago(Math.floor(elapsed / MONTH_MS), 'month');
}
