import { Router } from 'express';
import { userSearchQuerySchema } from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { requireSession, requireUser } from '../auth/guards';
import { parseInput } from '../lib/validate';
import { searchUsers } from '../services/users/search-users';

export function usersRouter({ db }: RouteDependencies): Router {
  const router = Router();

  router.get('/users/search', requireSession, async (request, response) => {
    const user = requireUser(request);
    const query = parseInput(userSearchQuerySchema, request.query);
    response.json(await searchUsers(db, user.id, query));
  });

  return router;
}
