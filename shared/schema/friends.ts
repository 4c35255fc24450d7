import { z } from 'zod';
import {
  FRIEND_RESPONSE_ACTIONS,
  FRIENDSHIP_STATUSES,
  ID_MAX,
  LIMITS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
} from '../constants';
import { isoDateTime, personFields } from './answer-fields';
import { SEARCH_HINT, SEARCH_TOO_LONG } from './gift-cards';

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const FRIEND_MESSAGES = {
  self: 'You cannot send a friend request to yourself',
  alreadyFriends: 'You are already friends',
  alreadyRequested: 'A friend request is already pending',
  userNotFound: 'User not found',
  requestNotFound: 'Friend request not found',
  requestAnswered: 'This friend request has already been answered',
  friendNotFound: 'Friend not found',
  searchRateLimited: 'Too many searches. Please try again later.',
} as const;

export const friendRequestSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(LIMITS.usernameLookupMax, FRIEND_MESSAGES.userNotFound),
});
export type FriendRequestInput = z.input<typeof friendRequestSchema>;

/** Respond with 'accept' or 'reject'. */
export const respondFriendRequestSchema = z.object({
  friendshipId: z
    .number({ error: 'friendshipId must be a number' })
    .int('friendshipId must be a number')
    .positive('friendshipId must be a number')
    .max(ID_MAX, 'friendshipId must be a number'),
  action: z.enum(FRIEND_RESPONSE_ACTIONS, { error: "action must be 'accept' or 'reject'" }),
});
export type RespondFriendRequestInput = z.input<typeof respondFriendRequestSchema>;

export const mentionSearchQuerySchema = z.object({
  query: z
    .string({ error: SEARCH_HINT })
    .trim()
    .min(SEARCH_MIN_LENGTH, SEARCH_HINT)
    .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG)
    .describe('Part of a name or username, as typed after @'),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** A friend as the friends list shows them. */
export const friendSummarySchema = z
  .object({
    ...personFields,
    /** Seen within the last 5 minutes. */
    isOnline: z.boolean().describe('Seen within the last 5 minutes'),
  })
  .describe('A friend, with whether they are online');
export type FriendSummary = z.infer<typeof friendSummarySchema>;

/** GET /api/friends: an accepted friendship. */
export const friendItemSchema = z
  .object({
    friendshipId: z.number().int(),
    status: z.enum(FRIENDSHIP_STATUSES),
    friend: friendSummarySchema,
  })
  .describe('An accepted friendship');
export type FriendItem = z.infer<typeof friendItemSchema>;

/** GET /api/friends/requests: a pending request someone sent me (id = the friendship's id). */
export const friendRequestItemSchema = z
  .object({
    id: z.number().int().describe("The friendship's id"),
    type: z.literal('received'),
    name: z.string(),
    username: z.string(),
    createdAt: isoDateTime(),
    profilePicture: z.string().nullable(),
  })
  .describe('A pending friend request someone sent me');
export type FriendRequestItem = z.infer<typeof friendRequestItemSchema>;

/** GET /api/friends/suggested. */
export const suggestedFriendSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    username: z.string(),
    mutualFriends: z.number().int(),
    profilePicture: z.string().nullable(),
  })
  .describe('Someone I may know, with how many friends we share');
export type SuggestedFriend = z.infer<typeof suggestedFriendSchema>;

/** POST /api/friends/request and /respond. */
export const friendshipResultSchema = z
  .object({
    friendshipId: z.number().int(),
    status: z.enum(FRIENDSHIP_STATUSES),
    friend: z.object({ id: z.number().int(), name: z.string(), username: z.string() }),
  })
  .describe('A friendship as it stands after a request or an answer');
export type FriendshipResult = z.infer<typeof friendshipResultSchema>;

/** GET /api/friends/search?query= (mentions). */
export const mentionCandidateSchema = z
  .object({
    ...personFields,
  })
  .describe('Someone who can be @mentioned');
export type MentionCandidate = z.infer<typeof mentionCandidateSchema>;

/** GET /api/user/:username/friends: a user's public friends list. */
export const publicFriendSchema = z
  .object({
    ...personFields,
    verified: z.boolean(),
  })
  .describe("A friend on a user's public friends list");
export type PublicFriend = z.infer<typeof publicFriendSchema>;
