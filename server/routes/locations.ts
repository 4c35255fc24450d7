import { type Response } from 'express';
import { locationsContracts as contracts } from '@shared/contracts/locations';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { listCities } from '../services/locations/list-cities';
import { listLocationBrands } from '../services/locations/list-location-brands';
import { listStates } from '../services/locations/list-states';
import { listStores } from '../services/locations/list-stores';

// The catalogue changes only with a release: the browser may keep an answer (never an error) a while.
const cacheable = (response: Response) => response.set('Cache-Control', 'private, max-age=300');

/** The store catalogue, for the pin wizard's Location Selection: any signed-in user may read it. */
export function locationsRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.brands, async ({ response }) => {
      const brands = await listLocationBrands(db);
      cacheable(response);
      return brands;
    }),
    implement(contracts.states, async ({ query, response }) => {
      const states = await listStates(db, query.brand);
      cacheable(response);
      return states;
    }),
    implement(contracts.cities, async ({ query, response }) => {
      const cities = await listCities(db, query.brand, query.state);
      cacheable(response);
      return cities;
    }),
    // The list comes as the JSON text it is cached as: sent as it is, not parsed and serialised again.
    implement(contracts.stores, ({ query, response }) => {
      cacheable(response);
      return listStores(db, query.brand, query.state, query.city);
    }),
  ];
}
