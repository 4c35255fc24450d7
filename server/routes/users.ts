import { z } from 'zod';
import { userSearchQuerySchema, userSearchResultSchema } from '@shared/schema/gift-cards';
import { FRIEND_MESSAGES } from '@shared/schema/friends';
import { type RouteDependencies } from '../app-context';
import { accountRateLimit } from '../lib/account-rate-limit';
import { type ApiRoute, defineRoute } from '../lib/api-route';
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

export function usersRoutes(dependencies: RouteDependencies): ApiRoute[] {
  const { db } = dependencies;
  return [
    defineRoute({
      method: 'get',
      path: '/users/search',
      summary: 'Find people by name or username',
      tag: 'Friends',
      access: 'signed-in',
      query: userSearchQuerySchema,
      before: [searchRateLimit(dependencies)],
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(userSearchResultSchema),
        description:
          'Matching people, with my friendship with each; anyone I blocked or who blocked me is left out',
      },
      handle: ({ user, query }) => searchUsers(db, user.id, query),
    }),
  ];
}
