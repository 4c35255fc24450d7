import { catalogContracts as contracts } from '@shared/contracts/catalog';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { listBrands } from '../services/catalog/list-brands';
import { listIdentifiers } from '../services/catalog/list-identifiers';

const CATALOG_CACHE = 'public, max-age=300';

/** Reference data: open to everyone (registration needs it before there is a session). */
export function catalogRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [
    implement(contracts.brands, ({ response }) => {
      response.set('Cache-Control', CATALOG_CACHE);
      return listBrands(db);
    }),
    implement(contracts.identifiers, ({ response }) => {
      response.set('Cache-Control', CATALOG_CACHE);
      return listIdentifiers(db);
    }),
  ];
}
