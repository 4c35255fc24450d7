import { type Response } from 'express';
import { z } from 'zod';
import {
  citiesQuerySchema,
  locationOptionSchema,
  statesQuerySchema,
  storeOptionSchema,
  storesQuerySchema,
} from '@shared/schema/locations';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { listCities } from '../services/locations/list-cities';
import { listLocationBrands } from '../services/locations/list-location-brands';
import { listStates } from '../services/locations/list-states';
import { listStores } from '../services/locations/list-stores';

// The catalogue changes only with a release: the browser may keep an answer (never an error) a while.
const cacheable = (response: Response) => response.set('Cache-Control', 'private, max-age=300');

/** The store catalogue, for the pin wizard's Location Selection: any signed-in user may read it. */
export function locationsRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Locations';
  return [
    defineRoute({
      method: 'get',
      path: '/locations/brands',
      summary: 'The brands that have stores',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(z.string()),
        description: 'Every brand with a store',
      },
      handle: async ({ response }) => {
        const brands = await listLocationBrands(db);
        cacheable(response);
        return brands;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/locations/states',
      summary: 'The states where a brand has stores',
      tag,
      access: 'signed-in',
      query: statesQuerySchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(locationOptionSchema),
        description: 'By name',
      },
      handle: async ({ query, response }) => {
        const states = await listStates(db, query.brand);
        cacheable(response);
        return states;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/locations/cities',
      summary: 'The cities of a state where a brand has stores',
      tag,
      access: 'signed-in',
      query: citiesQuerySchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(locationOptionSchema),
        description: 'By name',
      },
      handle: async ({ query, response }) => {
        const cities = await listCities(db, query.brand, query.state);
        cacheable(response);
        return cities;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/locations/stores',
      summary: "A brand's stores in a city",
      tag,
      access: 'signed-in',
      query: storesQuerySchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(storeOptionSchema),
        description: 'Labelled "name — street", sorted; the value is the store id',
      },
      // The list comes as the JSON text it is cached as: sent as it is, not parsed and serialised again.
      handle: ({ query, response }) => {
        cacheable(response);
        return listStores(db, query.brand, query.state, query.city);
      },
    }),
  ];
}
