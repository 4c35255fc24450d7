import { z } from 'zod';
import { ID_MAX } from '../constants';

export const FRIENDSHIP_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];

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
    .max(60, FRIEND_MESSAGES.userNotFound),
});
export type FriendRequestInput = z.input<typeof friendRequestSchema>;

export const FRIEND_RESPONSE_ACTIONS = ['accept', 'reject'] as const;

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
    .string({ error: 'Type at least 2 characters to search' })
    .trim()
    .min(2, 'Type at least 2 characters to search')
    .max(60, 'Search must be at most 60 characters'),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export type FriendSummary = {
  id: number;
  name: string;
  username: string;
  profilePicture: string | null;
  /** Seen within the last 5 minutes. */
  isOnline: boolean;
};

/** GET /api/friends: an accepted friendship. */
export type FriendItem = {
  friendshipId: number;
  status: FriendshipStatus;
  friend: FriendSummary;
};

/** GET /api/friends/requests: a pending request someone sent me (id = the friendship's id). */
export type FriendRequestItem = {
  id: number;
  type: 'received';
  name: string;
  username: string;
  createdAt: string;
  profilePicture: string | null;
};

/** GET /api/friends/suggested. */
export type SuggestedFriend = {
  id: number;
  name: string;
  username: string;
  mutualFriends: number;
  profilePicture: string | null;
};

/** POST /api/friends/request and /respond. */
export type FriendshipResult = {
  friendshipId: number;
  status: FriendshipStatus;
  friend: { id: number; name: string; username: string };
};

/** GET /api/friends/search?query= (mentions). */
export type MentionCandidate = {
  id: number;
  name: string;
  username: string;
  profilePicture: string | null;
};

/** GET /api/user/:username/friends: a user's public friends list. */
export type PublicFriend = {
  id: number;
  name: string;
  username: string;
  profilePicture: string | null;
  verified: boolean;
};
