import { formatDollars } from '@shared/money';

/** A dollar amount from the API (e.g. 1234.5) as the screens show it: $1,234.50. */
export function formatUsd(dollars: number): string {
  return formatDollars(Math.round(dollars * 100));
}

/** A date from the API (ISO) as a short, unambiguous date: Mar 4, 2025. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
}

/** A date and time (ISO), e.g. for a session's expiry. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** First letter upper case: 'completed' → 'Completed'. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
