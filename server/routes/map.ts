import { mapConfigSchema } from '@shared/schema/map';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';

export function mapRoutes({ config }: RouteDependencies): ApiRoute[] {
  return [
    defineRoute({
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
      handle: () => config.map,
    }),
  ];
}
