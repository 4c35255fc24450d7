import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { type FriendItem, type FriendRequestItem, type PublicFriend } from '@shared/schema/friends';
import { friendships } from '@shared/tables/friends';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { isOnline } from './friendship-queries';

const LIST_MAX = 500;

/** The other person of each of `userId`'s friendships. */
const otherSide = (userId: number) =>
  sql`case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end`;

const acceptedOf = (userId: number) =>
  and(
    eq(friendships.status, 'accepted'),
    or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
  );

/** The user's friends (accepted), by name, with whether each is online. */
export async function listFriends(db: Database, userId: number): Promise<FriendItem[]> {
  const rows = await db
    .select({
      friendshipId: friendships.id,
      status: friendships.status,
      id: users.id,
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      isOnline,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherSide(userId)))
    .where(acceptedOf(userId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(LIST_MAX);
  return rows.map((row) => ({
    friendshipId: row.friendshipId,
    status: row.status,
    friend: {
      id: row.id,
      name: row.name,
      username: row.username,
      profilePicture: row.profilePicture,
      isOnline: Boolean(row.isOnline),
    },
  }));
}

/** Pending requests others sent to the user, newest first. */
export async function listFriendRequests(
  db: Database,
  userId: number,
): Promise<FriendRequestItem[]> {
  const rows = await db
    .select({
      id: friendships.id,
      name: users.name,
      username: users.username,
      createdAt: friendships.createdAt,
      profilePicture: users.profilePicture,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.requesterId))
    .where(and(eq(friendships.addresseeId, userId), eq(friendships.status, 'pending')))
    .orderBy(desc(friendships.createdAt), desc(friendships.id))
    .limit(LIST_MAX);
  return rows.map((row) => ({
    ...row,
    type: 'received' as const,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** Anyone's friends, for /friends/{username}: public fields only. */
export async function listPublicFriends(db: Database, userId: number): Promise<PublicFriend[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      profilePicture: users.profilePicture,
      verified: users.verified,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherSide(userId)))
    .where(acceptedOf(userId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(LIST_MAX);
}
