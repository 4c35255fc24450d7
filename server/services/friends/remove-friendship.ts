import { and, eq, or } from 'drizzle-orm';
import { FRIEND_MESSAGES } from '@shared/schema/friends';
import { friendships } from '@shared/tables/friends';
import { type Database } from '../../db/client';
import { notFound } from '../../lib/errors';

/** Either side ends a friendship, withdraws a request or clears a rejected one. */
export async function removeFriendship(
  db: Database,
  userId: number,
  friendshipId: number,
): Promise<void> {
  const removed = await db
    .delete(friendships)
    .where(
      and(
        eq(friendships.id, friendshipId),
        or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
      ),
    )
    .returning({ id: friendships.id });
  if (removed.length === 0) throw notFound(FRIEND_MESSAGES.friendNotFound);
}
