import { contractGroup, defineContract } from '../contract';
import { mapConfigSchema } from '../schema/map';

export const mapContracts = contractGroup('map', {
  config: defineContract({
    method: 'get',
    path: '/map/config',
    summary: 'The tiles maps draw, or nulls for the bundled outline of the US states',
    tag: 'Maps',
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: mapConfigSchema,
      description: 'The map tile configuration',
    },
  }),
});
