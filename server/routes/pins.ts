import { Router } from 'express';
import { createPinSchema, pinListQuerySchema } from '@shared/schema/pins';
import { type RouteDependencies } from '../app-context';
import { requireRole, requireUser } from '../auth/guards';
import { sendPage } from '../lib/list-answer';
import { parseInput, idParam } from '../lib/validate';
import { cancelPin } from '../services/pins/cancel-pin';
import { createPin } from '../services/pins/create-pin';
import { getDashboardStats } from '../services/pins/get-dashboard-stats';
import { listBusinessPins } from '../services/pins/list-business-pins';
import { expirePins } from '../services/pins/pin-refunds';

const pinIdSchema = idParam('Pin');

export function pinsRouter({ db }: RouteDependencies): Router {
  const router = Router();
  const businessOnly = requireRole('business');

  router.post('/pins', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const input = parseInput(createPinSchema, request.body);
    response.status(201).json(await createPin(db, user.id, input));
  });

  router.get('/pins/mine', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(pinListQuerySchema, request.query);
    // Pins past their expiry are settled before they are shown (the periodic sweep may lag).
    await expirePins(db, { businessId: user.id });
    sendPage(request, response, await listBusinessPins(db, user.id, query));
  });

  router.post('/pins/:id/cancel', businessOnly, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(pinIdSchema, request.params);
    response.json(await cancelPin(db, user.id, id));
  });

  router.get('/business/dashboard', businessOnly, async (request, response) => {
    const user = requireUser(request);
    await expirePins(db, { businessId: user.id });
    response.json(await getDashboardStats(db, user.id));
  });

  return router;
}
