import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import {
  citiesQuerySchema,
  locationOptionSchema,
  statesQuerySchema,
  storeOptionSchema,
  storesQuerySchema,
} from '../schema/locations';

const tag = 'Locations';

// The store catalogue, for the pin wizard's Location Selection: any signed-in user may read it.
export const locationsContracts = contractGroup('locations', {
  brands: defineContract({
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
  }),
  states: defineContract({
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
  }),
  cities: defineContract({
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
  }),
  stores: defineContract({
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
  }),
});
