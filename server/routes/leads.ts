import { leadsContracts as contracts } from '@shared/contracts/leads';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { toCsvLine } from '../lib/csv';
import {
  createLead,
  deleteLead,
  exportLeads,
  listLeads,
  updateLead,
} from '../services/leads/leads';

export function leadsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.export, async ({ user, query, response }) => {
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
    }),
    implement(contracts.list, ({ user, query }) => listLeads(db, user.id, query)),
    implement(contracts.create, ({ user, body }) => createLead(db, user.id, body)),
    implement(contracts.update, ({ user, params, body }) =>
      updateLead(db, user.id, params.id, body),
    ),
    implement(contracts.remove, ({ user, params }) => deleteLead(db, user.id, params.id)),
  ];
}
