import { healthContracts as contracts } from '@shared/contracts/health';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { checkHealth } from '../services/health/check-health';

export function healthRoutes({ database }: RouteDependencies): ApiRoute[] {
  return [implement(contracts.check, () => checkHealth(database))];
}
