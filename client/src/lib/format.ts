import { formatShortDate, formatShortDateTime } from '@shared/format';
import { formatDollars } from '@shared/money';

/** A dollar amount from the API (e.g. 1234.5) as the screens show it: $1,234.50. */
export function formatUsd(dollars: number): string {
  return formatDollars(Math.round(dollars * 100));
}

/** A date from the API (ISO) as a short, unambiguous date: Mar 4, 2025. */
export function formatDate(iso: string): string {
  return formatShortDate(new Date(iso));
}

/** A date and time (ISO), e.g. for a session's expiry. */
export function formatDateTime(iso: string): string {
  return formatShortDateTime(new Date(iso));
}

/** First letter upper case: 'completed' → 'Completed'. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
