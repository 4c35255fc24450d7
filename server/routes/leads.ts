import { Router } from 'express';
import {
  leadInputSchema,
  leadListQuerySchema,
  leadPatchSchema,
} from '@shared/schema/notifications';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireUser } from '../auth/guards';
import { toCsvLine } from '../lib/csv';
import { sendPage } from '../lib/list-answer';
import { parseInput, idParam } from '../lib/validate';
import {
  createLead,
  deleteLead,
  exportLeads,
  listLeads,
  updateLead,
} from '../services/leads/leads';

const leadIdParam = idParam('Lead');
const exportQuery = leadListQuerySchema.pick({ search: true, status: true });

export function leadsRouter({ db }: RouteDependencies): Router {
  const router = Router();
  const businessOnly = requireRole('business');

  router.get('/business/leads/export', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(exportQuery, request.query);
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
  });

  router.get('/business/leads', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(leadListQuerySchema, request.query);
    sendPage(request, response, await listLeads(db, user.id, query), { limitParam: 'pageSize' });
  });

  router.post('/business/leads', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const input = parseInput(leadInputSchema, request.body);
    response.status(201).json(await createLead(db, user.id, input));
  });

  router.patch('/business/leads/:id', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(leadIdParam, request.params);
    const input = parseInput(leadPatchSchema, request.body);
    response.json(await updateLead(db, user.id, id, input));
  });

  router.delete('/business/leads/:id', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(leadIdParam, request.params);
    await deleteLead(db, user.id, id);
    response.status(204).end();
  });

  return router;
}
