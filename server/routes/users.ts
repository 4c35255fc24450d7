import { usersContracts as contracts } from '@shared/contracts/users';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, implement } from '../lib/api-route';
import { searchUsers } from '../services/users/search-users';

export function usersRoutes({ db }: RouteDependencies): ApiRoute[] {
  return [implement(contracts.search, ({ user, query }) => searchUsers(db, user.id, query))];
}
