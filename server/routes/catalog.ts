import { z } from 'zod';
import { brandSchema } from '@shared/schema/brands';
import { identifierSchema } from '@shared/schema/identifiers';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute } from '../lib/api-route';
import { listBrands } from '../services/catalog/list-brands';
import { listIdentifiers } from '../services/catalog/list-identifiers';

const CATALOG_CACHE = 'public, max-age=300';

/** Reference data: open to everyone (registration needs it before there is a session). */
export function catalogRoutes({ db }: RouteDependencies): ApiRoute[] {
  const tag = 'Catalogue';
  return [
    defineRoute({
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
      handle: ({ response }) => {
        response.set('Cache-Control', CATALOG_CACHE);
        return listBrands(db);
      },
    }),
    defineRoute({
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
      handle: ({ response }) => {
        response.set('Cache-Control', CATALOG_CACHE);
        return listIdentifiers(db);
      },
    }),
  ];
}
