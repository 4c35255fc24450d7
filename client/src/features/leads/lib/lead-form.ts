import { type z } from 'zod';
import { type leadInputSchema } from '@shared/schema/notifications';
import { LEAD_DEFAULTS, type LeadRow } from './lead-display';

/** What the lead form holds (every field as the inputs keep it) and what its resolver gives. */
export type LeadFormInput = z.input<typeof leadInputSchema>;
export type LeadFormOutput = z.output<typeof leadInputSchema>;

/** The body of POST /api/business/leads, and every field PATCH may carry. */
export type LeadRequestBody = {
  name: string;
  email: string;
  phone: string;
  status: LeadFormOutput['status'];
  source: string;
  notes: string;
  /** `YYYY-MM-DD`, or null for never. */
  lastContacted: string | null;
};

export type LeadPatchBody = Partial<LeadRequestBody>;

/** An empty form for Add Lead: status 'New' and source 'Direct', as a new lead defaults to. */
export const EMPTY_LEAD_FORM = {
  name: '',
  email: '',
  phone: '',
  status: LEAD_DEFAULTS.status,
  source: LEAD_DEFAULTS.source,
  notes: '',
  lastContacted: '',
} satisfies LeadFormInput;

/** Edit Lead starts from the lead as the page shows it. */
export function leadFormValues(lead: LeadRow) {
  return {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    status: lead.status,
    source: lead.source,
    notes: lead.notes,
    lastContacted: lead.lastContacted,
  } satisfies LeadFormInput;
}

/** The validated form as a request body: a blank source means 'Direct', a blank date none. */
export function toLeadRequestBody(values: LeadFormOutput): LeadRequestBody {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone,
    status: values.status,
    source: values.source || LEAD_DEFAULTS.source,
    notes: values.notes,
    lastContacted: values.lastContacted || null,
  };
}

/**
 * Only the fields that differ from the lead being edited, so an edit never overwrites a field the
 * business did not touch (say, a status changed meanwhile by someone else).
 */
export function changedLeadFields(lead: LeadRow, values: LeadFormOutput): LeadPatchBody {
  const next = toLeadRequestBody(values);
  const before: LeadRequestBody = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    status: lead.status,
    source: lead.source,
    notes: lead.notes.trim(),
    lastContacted: lead.lastContacted || null,
  };
  const patch: LeadPatchBody = {};
  for (const key of Object.keys(next) as Array<keyof LeadRequestBody>) {
    if (next[key] !== before[key]) Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}
