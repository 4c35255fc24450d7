import { Router } from 'express';
import { type RouteDependencies } from '../app-context';
import { checkHealth } from '../services/health/check-health';

export function healthRouter({ database }: RouteDependencies): Router {
  const router = Router();
  router.get('/health', async (_request, response) => {
    response.set('Cache-Control', 'no-store').json(await checkHealth(database));
  });
  return router;
}
