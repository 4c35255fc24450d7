import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
});

export const healthContracts = contractGroup('health', {
  check: defineContract({
    method: 'get',
    path: '/health',
    summary: 'Whether the app and its database answer (for load balancers)',
    tag: 'Health',
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: healthSchema,
      description: 'Up; 503 while the database cannot be reached',
    },
  }),
});
