import { z } from 'zod';
import { FRIEND_LIMITS } from '../constants';
import { contractGroup, defineContract } from '../contract';
import { idParam, usernameParam } from '../params';
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
} from '../schema/friends';
import { searchRateLimit } from './users';

const tag = 'Friends';

const suggestedQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${FRIEND_LIMITS.suggestionsMax}`)
    .max(
      FRIEND_LIMITS.suggestionsMax,
      `limit must be between 1 and ${FRIEND_LIMITS.suggestionsMax}`,
    )
    .default(FRIEND_LIMITS.suggestionsDefault)
    .describe('How many people to suggest'),
});

export const friendsContracts = contractGroup('friends', {
  sendRequest: defineContract({
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
    errors: {
      400: 'The username is your own',
      404: 'No user has that username',
      409: 'You are already friends, or a request is pending',
    },
  }),
  respond: defineContract({
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
    errors: {
      404: 'No pending request of that id was sent to you',
      409: 'The request was already answered',
    },
  }),
  remove: defineContract({
    method: 'delete',
    path: '/friends/:id',
    summary: 'Remove a friend',
    tag,
    access: 'signed-in',
    params: idParam('Friendship'),
    answer: { kind: 'empty', description: 'The friendship is gone' },
    errors: { 404: 'No friendship of that id is yours' },
  }),
  requests: defineContract({
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
  }),
  suggested: defineContract({
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
  }),
  search: defineContract({
    method: 'get',
    path: '/friends/search',
    summary: 'People to @mention: friends first, then everyone else who matches',
    tag,
    access: 'signed-in',
    query: mentionSearchQuerySchema,
    answer: {
      kind: 'json',
      status: 200,
      schema: z.array(mentionCandidateSchema),
      description: 'Friends first',
    },
    rateLimits: [searchRateLimit],
  }),
  list: defineContract({
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
  }),
  // Open, like the profile it belongs to (/friends/{username}).
  ofUser: defineContract({
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
    errors: { 404: 'No user has that username' },
  }),
});
