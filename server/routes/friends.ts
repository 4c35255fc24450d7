import { z } from 'zod';
import { FRIEND_LIMITS } from '@shared/constants';
import {
  friendItemSchema,
  friendRequestItemSchema,
  friendRequestSchema,
  friendshipResultSchema,
  mentionCandidateSchema,
  mentionSearchQuerySchema,
  publicFriendSchema,
  respondFriendRequestSchema,
  suggestedFriendSchema,
} from '@shared/schema/friends';
import { type RouteDependencies } from '../app-context';
import { type ApiRoute, defineRoute, reply } from '../lib/api-route';
import { idParam, usernameParam } from '../lib/validate';
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

const suggestedQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${FRIEND_LIMITS.suggestionsMax}`)
    .max(
      FRIEND_LIMITS.suggestionsMax,
      `limit must be between 1 and ${FRIEND_LIMITS.suggestionsMax}`,
    )
    .default(FRIEND_LIMITS.suggestionsDefault),
});
export function friendsRoutes(dependencies: RouteDependencies): ApiRoute[] {
  const { db } = dependencies;
  const tag = 'Friends';
  return [
    defineRoute({
      method: 'post',
      path: '/friends/request',
      summary: 'Send a friend request',
      tag,
      access: 'signed-in',
      body: friendRequestSchema,
      answer: {
        kind: 'json',
        status: 201,
        schema: friendshipResultSchema,
        description: 'The request was sent',
        otherStatuses: [{ status: 200, description: 'They had asked you: you are friends now' }],
      },
      handle: async ({ user, body }) => {
        const { result, created } = await sendFriendRequest(db, user.id, body.username);
        return reply(created ? 201 : 200, result);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/friends/respond',
      summary: 'Accept or reject a friend request',
      tag,
      access: 'signed-in',
      body: respondFriendRequestSchema,
      answer: {
        kind: 'json',
        status: 200,
        schema: friendshipResultSchema,
        description: 'The friendship as it now stands',
      },
      handle: ({ user, body }) => respondFriendRequest(db, user.id, body),
    }),
    defineRoute({
      method: 'delete',
      path: '/friends/:id',
      summary: 'Remove a friend',
      tag,
      access: 'signed-in',
      params: idParam('Friendship'),
      answer: { kind: 'empty', description: 'The friendship is gone' },
      handle: ({ user, params }) => removeFriendship(db, user.id, params.id),
    }),
    defineRoute({
      method: 'get',
      path: '/friends/requests',
      summary: 'Friend requests sent to me, pending',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(friendRequestItemSchema),
        description: 'Newest first',
      },
      handle: ({ user }) => listFriendRequests(db, user.id),
    }),
    defineRoute({
      method: 'get',
      path: '/friends/suggested',
      summary: 'People I may know (friends of friends first)',
      tag,
      access: 'signed-in',
      query: suggestedQuery,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(suggestedFriendSchema),
        description: 'Most mutual friends first',
      },
      handle: ({ user, query }) => suggestFriends(db, user.id, query.limit),
    }),
    // For @mentions: friends first, then everyone else who matches.
    defineRoute({
      method: 'get',
      path: '/friends/search',
      summary: 'People to @mention: friends first, then everyone else who matches',
      tag,
      access: 'signed-in',
      query: mentionSearchQuerySchema,
      before: [searchRateLimit(dependencies)],
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(mentionCandidateSchema),
        description: 'Friends first',
      },
      handle: async ({ user, query }) => {
        const found = await searchUsers(db, user.id, { q: query.query });
        const friendsFirst = [
          ...found.filter((candidate) => candidate.friendshipStatus === 'accepted'),
          ...found.filter((candidate) => candidate.friendshipStatus !== 'accepted'),
        ];
        return friendsFirst.map(({ id, name, username, profilePicture }) => ({
          id,
          name,
          username,
          profilePicture,
        }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/friends',
      summary: 'My friends',
      tag,
      access: 'signed-in',
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(friendItemSchema),
        description: 'Accepted friendships',
      },
      handle: ({ user }) => listFriends(db, user.id),
    }),
    // Open, like the profile it belongs to (/friends/{username}).
    defineRoute({
      method: 'get',
      path: '/user/:username/friends',
      summary: "A user's friends, as their public profile shows them",
      tag,
      access: 'public',
      params: usernameParam,
      answer: {
        kind: 'json',
        status: 200,
        schema: z.array(publicFriendSchema),
        description: 'Their friends',
      },
      handle: async ({ params }) => {
        const owner = await findUserByUsername(db, params.username);
        return listPublicFriends(db, owner.id);
      },
    }),
  ];
}
