import { z } from 'zod';
import { LEAD_LIMITS, LEAD_STATUSES } from '../constants';
import { contractGroup, defineContract } from '../contract';
import { pageQueryFields } from '../pagination';
import { idParam } from '../params';
import { leadInputSchema, leadPatchSchema, leadSchema } from '../schema/notifications';

const tag = 'Leads';
const leadIdParam = idParam('Lead');

const listQuery = z.object({
  search: z
    .string()
    .trim()
    .max(LEAD_LIMITS.searchMax, `Search must be at most ${LEAD_LIMITS.searchMax} characters`)
    .optional()
    .describe('Words matched against the name, e-mail and phone; none for every lead'),
  status: z
    .enum(LEAD_STATUSES, { error: 'Unknown status' })
    .optional()
    .describe('Only the leads of this status; none for every status'),
  page: pageQueryFields.page.describe('The page, from 1'),
  // A page of the leads table is shorter than the other lists' pages.
  limit: pageQueryFields.limit
    .unwrap()
    .default(LEAD_LIMITS.pageSizeDefault)
    .describe('Leads a page holds'),
});

const exportQuery = listQuery.pick({ search: true, status: true });

export const leadsContracts = contractGroup('leads', {
  export: defineContract({
    method: 'get',
    path: '/business/leads/export',
    summary: 'My leads as a CSV file (the same search and status filter as the list)',
    tag,
    access: 'business',
    query: exportQuery,
    answer: {
      kind: 'raw',
      contentType: 'text/csv',
      description: 'leads.csv: a header line, then one line per lead',
    },
  }),
  list: defineContract({
    method: 'get',
    path: '/business/leads',
    summary: 'My leads, searched and filtered by status',
    tag,
    access: 'business',
    query: listQuery,
    answer: { kind: 'page', item: leadSchema, description: 'One page of leads, newest first' },
  }),
  create: defineContract({
    method: 'post',
    path: '/business/leads',
    summary: 'Add a lead',
    tag,
    access: 'business',
    body: leadInputSchema,
    answer: { kind: 'json', status: 201, schema: leadSchema, description: 'The new lead' },
  }),
  update: defineContract({
    method: 'patch',
    path: '/business/leads/:id',
    summary: 'Change some fields of a lead',
    tag,
    access: 'business',
    params: leadIdParam,
    body: leadPatchSchema,
    answer: { kind: 'json', status: 200, schema: leadSchema, description: 'The lead' },
    errors: { 404: 'No lead of that id is mine' },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/business/leads/:id',
    summary: 'Delete a lead',
    tag,
    access: 'business',
    params: leadIdParam,
    answer: { kind: 'empty', description: 'The lead is gone' },
    errors: { 404: 'No lead of that id is mine' },
  }),
});
