import { type Response, Router } from 'express';
import { citiesQuerySchema, statesQuerySchema, storesQuerySchema } from '@shared/schema/locations';
import { type RouteDependencies } from '../app-context';
import { requireSession } from '../auth/guards';
import { sendJsonText } from '../lib/json-text';
import { parseInput } from '../lib/validate';
import { listCities } from '../services/locations/list-cities';
import { listLocationBrands } from '../services/locations/list-location-brands';
import { listStates } from '../services/locations/list-states';
import { listStores } from '../services/locations/list-stores';

// The catalogue changes only with a release: the browser may keep an answer (never an error) a while.
const cacheable = (response: Response) => response.set('Cache-Control', 'private, max-age=300');

/** The store catalogue, for the pin wizard's Location Selection: any signed-in user may read it. */
export function locationsRouter({ db }: RouteDependencies): Router {
  const router = Router();
  router.use('/locations', requireSession);

  router.get('/locations/brands', async (_request, response) => {
    const brands = await listLocationBrands(db);
    cacheable(response).json(brands);
  });
  router.get('/locations/states', async (request, response) => {
    const { brand } = parseInput(statesQuerySchema, request.query);
    const states = await listStates(db, brand);
    cacheable(response).json(states);
  });
  router.get('/locations/cities', async (request, response) => {
    const { brand, state } = parseInput(citiesQuerySchema, request.query);
    const cities = await listCities(db, brand, state);
    cacheable(response).json(cities);
  });
  router.get('/locations/stores', async (request, response) => {
    const { brand, state, city } = parseInput(storesQuerySchema, request.query);
    sendJsonText(cacheable(response), await listStores(db, brand, state, city));
  });
  return router;
}
