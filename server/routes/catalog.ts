import { Router } from 'express';
import { listBrands } from '../services/catalog/list-brands';
import { listIdentifiers } from '../services/catalog/list-identifiers';
import { type RouteDependencies } from '../app-context';

/** Reference data: open to everyone (registration needs it before there is a session). */
export function catalogRouter({ db }: RouteDependencies): Router {
  const router = Router();
  router.get('/brands', async (_request, response) => {
    response.set('Cache-Control', 'public, max-age=300').json(await listBrands(db));
  });
  router.get('/identifiers', async (_request, response) => {
    response.set('Cache-Control', 'public, max-age=300').json(await listIdentifiers(db));
  });
  return router;
}
