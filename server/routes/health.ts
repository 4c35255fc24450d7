import { z } from 'zod';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { checkHealth } from '../services/health/check-health';

export function healthRoutes({ database }: RouteDependencies): ApiRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      summary: 'Whether the app and its database answer (for load balancers)',
      tag: 'Health',
      access: 'public',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.object({
          status: z.literal('ok'),
          database: z.enum(['embedded', 'postgres']),
        }),
        description: 'Up; 503 while the database cannot be reached',
      },
      handle: () => checkHealth(database),
    }),
  ];
}
