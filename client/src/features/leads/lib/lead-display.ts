import { LEAD_STATUSES, type LeadStatus } from '@shared/constants';
import { type Lead } from '@shared/schema/notifications';

/**
 * How the leads page turns what the server sends into what it shows, defaults for missing values
 * included. Pure functions, so every rule is unit-tested on its own.
 */

/**
 * A lead as it may arrive: missing values get defaults, so every field but the id is treated as
 * unknown until checked. A well-formed Lead fits this type.
 */
export type LeadInputRow = { id: number } & {
  [Field in Exclude<keyof Lead, 'id'>]?: unknown;
};

/** A lead as the page shows it, every field filled in. */
export type LeadRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  status: LeadStatus;
  source: string;
  notes: string;
  /** The day last contacted as `YYYY-MM-DD` (what a date input holds), or empty. */
  lastContacted: string;
};

export const LEAD_DEFAULTS = {
  name: 'Unknown',
  email: '',
  phone: '',
  status: 'New',
  source: 'Direct',
  notes: '',
  lastContacted: '',
} as const satisfies Omit<LeadRow, 'id'>;

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A timestamp as the `YYYY-MM-DD` of a date input, or empty when missing or not a date. The day is
 * read in UTC, the same way the server reads a bare date the form sends back.
 */
export function toDateInputValue(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time).toISOString().slice(0, 10);
}

/** Defaults: name 'Unknown', email and phone empty, status 'New', source 'Direct', notes empty. */
export function toLeadRow(lead: LeadInputRow): LeadRow {
  return {
    id: lead.id,
    name: text(lead.name) || LEAD_DEFAULTS.name,
    email: text(lead.email),
    phone: text(lead.phone),
    status: isLeadStatus(lead.status) ? lead.status : LEAD_DEFAULTS.status,
    source: text(lead.source) || LEAD_DEFAULTS.source,
    notes: typeof lead.notes === 'string' ? lead.notes : LEAD_DEFAULTS.notes,
    lastContacted: toDateInputValue(lead.last_contacted),
  };
}

export function toLeadRows(leads: readonly LeadInputRow[]): LeadRow[] {
  return leads.map(toLeadRow);
}

/** Each status in its own colour; text and background keep a 4.5:1 contrast. */
export const LEAD_STATUS_CLASSES: Record<LeadStatus, string> = {
  New: 'border-transparent bg-blue-100 text-blue-800',
  Contacted: 'border-transparent bg-amber-100 text-amber-900',
  Qualified: 'border-transparent bg-violet-100 text-violet-800',
  Converted: 'border-transparent bg-green-100 text-green-800',
};

/** 'Showing A to B of N results'; 'Showing 0 to 0 of 0 results' when there are none. */
export function resultsSummary({
  page,
  limit,
  total,
}: {
  page: number;
  limit: number;
  total: number;
}): string {
  if (total <= 0) return 'Showing 0 to 0 of 0 results';
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} results`;
}

/** How many pages `total` leads fill (at least one). */
export function leadPageCount({ limit, total }: { limit: number; total: number }): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** Said in place of a lead's missing phone (a customer who claims a pin may keep it). */
export const PHONE_NOT_SHARED = 'Phone not shared';

export const NO_LEADS_MESSAGE = 'No leads yet. Leads appear here when customers claim your pins.';
export const NO_MATCHING_LEADS_MESSAGE = 'No leads match your search.';
export const LEADS_LOAD_ERROR = 'Failed to load leads. Please try again later.';
