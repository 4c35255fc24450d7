import { Router } from 'express';
import { citiesQuerySchema, statesQuerySchema, storesQuerySchema } from '@shared/schema/locations';
import { type RouteDependencies } from '../app-context';
import { requireSession } from '../auth/guards';
import { parseInput } from '../lib/validate';
import {
  listCities,
  listLocationBrands,
  listStates,
  listStores,
} from '../services/locations/list-locations';

/** The store catalogue, for the pin wizard's Location Selection (signed-in users). */
export function locationsRouter({ db }: RouteDependencies): Router {
  const router = Router();
  router.use('/locations', requireSession, (_request, response, next) => {
    // The catalogue changes only with a release: let the browser keep answers for a while.
    response.set('Cache-Control', 'private, max-age=300');
    next();
  });

  router.get('/locations/brands', async (_request, response) => {
    response.json(await listLocationBrands(db));
  });
  router.get('/locations/states', async (request, response) => {
    const { brand } = parseInput(statesQuerySchema, request.query);
    response.json(await listStates(db, brand));
  });
  router.get('/locations/cities', async (request, response) => {
    const { brand, state } = parseInput(citiesQuerySchema, request.query);
    response.json(await listCities(db, brand, state));
  });
  router.get('/locations/stores', async (request, response) => {
    const { brand, state, city } = parseInput(storesQuerySchema, request.query);
    response.json(await listStores(db, brand, state, city));
  });
  return router;
}
