import { z } from 'zod';
import { contractGroup, defineContract } from '../contract';
import { brandSchema } from '../schema/brands';
import { identifierSchema } from '../schema/identifiers';

const tag = 'Catalogue';

// Reference data: open to everyone (registration needs it before there is a session).
export const catalogContracts = contractGroup('catalog', {
  brands: defineContract({
    method: 'get',
    path: '/brands',
    summary: 'The brands gift cards are for',
    tag,
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(brandSchema),
      description: 'Every brand',
    },
  }),
  identifiers: defineContract({
    method: 'get',
    path: '/identifiers',
    summary: 'The interests consumers pick and pins target',
    tag,
    access: 'public',
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(identifierSchema),
      description: 'Every identifier',
    },
  }),
});
