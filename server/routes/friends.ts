import { Router } from 'express';
import { z } from 'zod';
import {
  friendRequestSchema,
  mentionSearchQuerySchema,
  respondFriendRequestSchema,
} from '@shared/schema/friends';
import { PROFILE_MESSAGES } from '@shared/schema/profiles';
import { type RouteDependencies } from '../app-context';
import { requireSession, requireUser } from '../auth/guards';
import { parseInput, idParam } from '../lib/validate';
import {
  listFriendRequests,
  listFriends,
  listPublicFriends,
} from '../services/friends/list-friends';
import { removeFriendship } from '../services/friends/remove-friendship';
import { respondFriendRequest } from '../services/friends/respond-friend-request';
import { sendFriendRequest } from '../services/friends/send-friend-request';
import { suggestFriends } from '../services/friends/suggest-friends';
import { findUserByUsername } from '../services/profiles/find-user-by-username';
import { searchUsers } from '../services/users/search-users';
import { searchRateLimit } from './users';

const friendshipIdParam = idParam('Friendship');
const suggestedQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .default(10),
});
const usernameParam = z.object({
  username: z.string().trim().min(1, PROFILE_MESSAGES.notFound).max(60, PROFILE_MESSAGES.notFound),
});

export function friendsRouter(dependencies: RouteDependencies): Router {
  const { db } = dependencies;
  const router = Router();

  router.post('/friends/request', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { username } = parseInput(friendRequestSchema, request.body);
    const { result, created } = await sendFriendRequest(db, user.id, username);
    response.status(created ? 201 : 200).json(result);
  });

  router.post('/friends/respond', requireSession, async (request, response) => {
    const user = requireUser(request);
    const input = parseInput(respondFriendRequestSchema, request.body);
    response.json(await respondFriendRequest(db, user.id, input));
  });

  router.delete('/friends/:id', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { id } = parseInput(friendshipIdParam, request.params);
    await removeFriendship(db, user.id, id);
    response.status(204).end();
  });

  router.get('/friends/requests', requireSession, async (request, response) => {
    const user = requireUser(request);
    response.json(await listFriendRequests(db, user.id));
  });

  router.get('/friends/suggested', requireSession, async (request, response) => {
    const user = requireUser(request);
    const { limit } = parseInput(suggestedQuery, request.query);
    response.json(await suggestFriends(db, user.id, limit));
  });

  // For @mentions: friends first, then everyone else who matches.
  router.get(
    '/friends/search',
    requireSession,
    searchRateLimit(dependencies),
    async (request, response) => {
      const user = requireUser(request);
      const { query } = parseInput(mentionSearchQuerySchema, request.query);
      const found = await searchUsers(db, user.id, { q: query });
      const friendsFirst = [
        ...found.filter((candidate) => candidate.friendshipStatus === 'accepted'),
        ...found.filter((candidate) => candidate.friendshipStatus !== 'accepted'),
      ];
      response.json(
        friendsFirst.map(({ id, name, username, profilePicture }) => ({
          id,
          name,
          username,
          profilePicture,
        })),
      );
    },
  );

  router.get('/friends', requireSession, async (request, response) => {
    const user = requireUser(request);
    response.json(await listFriends(db, user.id));
  });

  // Open, like the profile it belongs to (/friends/{username}).
  router.get('/user/:username/friends', async (request, response) => {
    const { username } = parseInput(usernameParam, request.params);
    const owner = await findUserByUsername(db, username);
    response.json(await listPublicFriends(db, owner.id));
  });

  return router;
}
