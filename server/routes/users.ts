import { Router } from 'express';
import { userSearchQuerySchema } from '@shared/schema/gift-cards';
import { type RouteDependencies } from '../app-context';
import { FRIEND_MESSAGES } from '@shared/schema/friends';
import { requireSession, requireUser } from '../auth/guards';
import { accountRateLimit } from '../lib/account-rate-limit';
import { parseInput } from '../lib/validate';
import { searchUsers } from '../services/users/search-users';

/** People search (and @mention search) is limited per account and address. */
export function searchRateLimit({ db, config }: RouteDependencies) {
  return accountRateLimit(db, {
    name: 'search',
    limit: config.rateLimits.searchesPerMinute,
    windowSeconds: 60,
    message: FRIEND_MESSAGES.searchRateLimited,
  });
}

export function usersRouter(dependencies: RouteDependencies): Router {
  const { db } = dependencies;
  const router = Router();

  router.get(
    '/users/search',
    requireSession,
    searchRateLimit(dependencies),
    async (request, response) => {
      const user = requireUser(request);
      const query = parseInput(userSearchQuerySchema, request.query);
      response.json(await searchUsers(db, user.id, query));
    },
  );

  return router;
}
