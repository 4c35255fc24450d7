import {
  type FriendItem,
  type FriendRequestItem,
  type FriendshipResult,
  type PublicFriend,
  type SuggestedFriend,
} from '@shared/schema/friends';
import { type UserSearchResult } from '@shared/schema/gift-cards';

export function buildRequest(overrides: Partial<FriendRequestItem> = {}): FriendRequestItem {
  return {
    id: 41,
    type: 'received',
    name: 'Jordan Lee',
    username: 'jordan',
    createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    profilePicture: null,
    ...overrides,
  };
}

export function buildFriend(
  overrides: Partial<FriendItem['friend']> = {},
  friendshipId = 7,
): FriendItem {
  return {
    friendshipId,
    status: 'accepted',
    friend: {
      id: 3,
      name: 'Avery Park',
      username: 'avery',
      profilePicture: null,
      isOnline: true,
      ...overrides,
    },
  };
}

export function buildSuggested(overrides: Partial<SuggestedFriend> = {}): SuggestedFriend {
  return {
    id: 9,
    name: 'Riley Chen',
    username: 'riley',
    mutualFriends: 2,
    profilePicture: null,
    ...overrides,
  };
}

export function buildResult(
  friend: { id: number; name: string; username: string },
  status: FriendshipResult['status'] = 'pending',
  friendshipId = 100,
): FriendshipResult {
  return { friendshipId, status, friend };
}

export function buildSearchResult(overrides: Partial<UserSearchResult> = {}): UserSearchResult {
  return {
    id: 5,
    name: 'Jordan Lee',
    username: 'jordan',
    profilePicture: null,
    verified: false,
    type: 'consumer',
    friendshipStatus: 'none',
    ...overrides,
  };
}

export function buildPublicFriend(overrides: Partial<PublicFriend> = {}): PublicFriend {
  return {
    id: 3,
    name: 'Avery Park',
    username: 'avery',
    profilePicture: null,
    verified: false,
    ...overrides,
  };
}
