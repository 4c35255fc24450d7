import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';

const tag = 'Reference';

export const referenceContracts = contractGroup('reference', {
  document: defineContract({
    method: 'get',
    path: '/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    tag,
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.record(z.string(), z.unknown()),
      description: 'The OpenAPI document',
    },
  }),
  page: defineContract({
    method: 'get',
    path: '/docs',
    summary: 'A readable reference of this API',
    tag,
    access: 'public',
    answer: { kind: 'raw', contentType: 'text/html', description: 'The reference page' },
  }),
  pageScript: defineContract({
    method: 'get',
    path: '/docs/start.js',
    summary: "The reference page's script",
    tag,
    access: 'public',
    answer: { kind: 'raw', contentType: 'text/javascript', description: 'The script' },
  }),
});
