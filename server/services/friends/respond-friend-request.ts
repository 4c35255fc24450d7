import { and, eq, sql } from 'drizzle-orm';
import { FRIEND_MESSAGES, type FriendshipResult } from '@shared/schema/friends';
import { friendships } from '@shared/tables/friends';
import { users } from '@shared/tables/users';
import { type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { notify } from '../notifications/notify';

/** Only the person asked can accept or reject a pending request. */
export async function respondFriendRequest(
  db: Database,
  userId: number,
  input: { friendshipId: number; action: 'accept' | 'reject' },
): Promise<FriendshipResult> {
  const status = input.action === 'accept' ? 'accepted' : 'rejected';
  const answered = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(friendships)
      .set({ status, respondedAt: sql`now()` })
      .where(
        and(
          eq(friendships.id, input.friendshipId),
          eq(friendships.addresseeId, userId),
          eq(friendships.status, 'pending'),
        ),
      )
      .returning({ id: friendships.id, requesterId: friendships.requesterId });
    if (row && status === 'accepted') {
      await notify(tx, {
        recipientId: row.requesterId,
        type: 'friend_request_accepted',
        actorId: userId,
        referenceType: 'friendship',
        referenceId: row.id,
      });
    }
    return row;
  });
  if (!answered) {
    const [existing] = await db
      .select({ addresseeId: friendships.addresseeId })
      .from(friendships)
      .where(eq(friendships.id, input.friendshipId));
    if (!existing || existing.addresseeId !== userId) {
      throw notFound(FRIEND_MESSAGES.requestNotFound);
    }
    throw new AppError('CONFLICT', FRIEND_MESSAGES.requestAnswered);
  }
  const [friend] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, answered.requesterId));
  if (!friend) throw notFound(FRIEND_MESSAGES.userNotFound);
  return { friendshipId: answered.id, status, friend };
}
