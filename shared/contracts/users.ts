import { z } from 'zod';
import { contractGroup, defineContract, type RateLimit } from '../contract';
import { FRIEND_MESSAGES } from '../schema/friends';
import { userSearchQuerySchema, userSearchResultSchema } from '../schema/gift-cards';

/**
 * One allowance for people search and @mention search (`friends.search`): both read the
 * directory. (Read by the contracts only: the client's build keeps just their facts.)
 */
export const searchRateLimit = {
  name: 'search',
  per: 'account-and-address',
  setting: 'searchesPerMinute',
  windowSeconds: 60,
  message: FRIEND_MESSAGES.searchRateLimited,
} as const satisfies RateLimit<'signed-in', undefined, undefined, undefined>;

export const usersContracts = contractGroup('users', {
  search: defineContract({
    method: 'get',
    path: '/users/search',
    summary: 'Find people by name or username',
    tag: 'Friends',
    access: 'signed-in',
    query: userSearchQuerySchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(userSearchResultSchema),
      description:
        'Matching people, with my friendship with each; anyone I blocked or who blocked me is left out',
    },
    rateLimits: [searchRateLimit],
  }),
});
