import { mapContracts as contracts } from '@shared/contracts/map';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';

export function mapRoutes({ config }: RouteDependencies): ApiRoute[] {
  return [implement(contracts.config, () => config.map)];
}
