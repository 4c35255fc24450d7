import {
  leadInputSchema,
  leadListQuerySchema,
  leadPatchSchema,
  leadSchema,
} from '@shared/schema/notifications';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { toCsvLine } from '../lib/csv';
import { idParam } from '../lib/validate';
import {
  createLead,
  deleteLead,
  exportLeads,
  listLeads,
  updateLead,
} from '../services/leads/leads';

const leadIdParam = idParam('Lead');
const exportQuery = leadListQuerySchema.pick({ search: true, status: true });

export function leadsRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Leads';
  return [
    defineRoute({
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
      handle: async ({ user, query, response }) => {
        const rows = await exportLeads(db, user.id, query);
        const lines = [
          toCsvLine([
            'Name',
            'Email',
            'Phone',
            'Status',
            'Source',
            'Notes',
            'Last contacted',
            'Created',
          ]),
          ...rows.map((lead) =>
            toCsvLine([
              lead.name,
              lead.email,
              lead.phone,
              lead.status,
              lead.source,
              lead.notes,
              lead.last_contacted,
              lead.created_at,
            ]),
          ),
        ];
        response
          .type('text/csv')
          .attachment('leads.csv')
          .send(`${lines.join('\r\n')}\r\n`);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/business/leads',
      summary: 'My leads, searched and filtered by status',
      tag,
      access: 'business',
      query: leadListQuerySchema,
      answer: {
        kind: 'page',
        item: leadSchema,
        description: 'One page of leads, newest first',
        limitParam: 'pageSize',
      },
      handle: ({ user, query }) => listLeads(db, user.id, query),
    }),
    defineRoute({
      method: 'post',
      path: '/business/leads',
      summary: 'Add a lead',
      tag,
      access: 'business',
      body: leadInputSchema,
      answer: { kind: 'json', status: 201, schema: leadSchema, description: 'The new lead' },
      handle: ({ user, body }) => createLead(db, user.id, body),
    }),
    defineRoute({
      method: 'patch',
      path: '/business/leads/:id',
      summary: 'Change some fields of a lead',
      tag,
      access: 'business',
      params: leadIdParam,
      body: leadPatchSchema,
      answer: { kind: 'json', status: 200, schema: leadSchema, description: 'The lead' },
      handle: ({ user, params, body }) => updateLead(db, user.id, params.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/business/leads/:id',
      summary: 'Delete a lead',
      tag,
      access: 'business',
      params: leadIdParam,
      answer: { kind: 'empty', description: 'The lead is gone' },
      handle: ({ user, params }) => deleteLead(db, user.id, params.id),
    }),
  ];
}
