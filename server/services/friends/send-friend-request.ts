import { and, eq, isNull, sql } from 'drizzle-orm';
import { FRIEND_MESSAGES, type FriendshipResult } from '@shared/schema/friends';
import { friendships } from '@shared/tables/friends';
import { users } from '@shared/tables/users';
import { type Database, type Transaction } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, notFound } from '../../lib/errors';
import { isBlockedEitherWay } from '../blocks/blocks-between';
import { betweenUsers } from './friendship-queries';
import { notify } from '../notifications/notify';

const notifyRequest = (
  tx: Transaction,
  recipientId: number,
  actorId: number,
  friendshipId: number,
) =>
  notify(tx, {
    recipientId,
    type: 'friend_request_received',
    actorId,
    referenceType: 'friendship',
    referenceId: friendshipId,
  });

/**
 * Asks `username` to be friends. A request they had already sent us is accepted instead; after a
 * rejection either side may ask again. One row per pair (a unique index), so racing requests
 * cannot make two.
 */
export async function sendFriendRequest(
  db: Database,
  requesterId: number,
  username: string,
): Promise<{ result: FriendshipResult; created: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: users.id, name: users.name, username: users.username })
        .from(users)
        .where(
          and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)),
        );
      if (!target) throw notFound(FRIEND_MESSAGES.userNotFound);
      if (target.id === requesterId) throw new AppError('VALIDATION', FRIEND_MESSAGES.self);
      // Blocked either way: answered as for no such user, so the blocked person is not told.
      if (await isBlockedEitherWay(tx, requesterId, target.id)) {
        throw notFound(FRIEND_MESSAGES.userNotFound);
      }
      const friend = { id: target.id, name: target.name, username: target.username };

      const [existing] = await tx
        .select()
        .from(friendships)
        .where(betweenUsers(requesterId, target.id))
        .for('update');
      if (existing?.status === 'accepted') {
        throw new AppError('CONFLICT', FRIEND_MESSAGES.alreadyFriends);
      }
      if (existing?.status === 'pending' && existing.requesterId === requesterId) {
        throw new AppError('CONFLICT', FRIEND_MESSAGES.alreadyRequested);
      }
      if (existing?.status === 'pending') {
        // They asked first: asking back is a yes.
        await tx
          .update(friendships)
          .set({ status: 'accepted', respondedAt: sql`now()` })
          .where(eq(friendships.id, existing.id));
        await notify(tx, {
          recipientId: target.id,
          type: 'friend_request_accepted',
          actorId: requesterId,
          referenceType: 'friendship',
          referenceId: existing.id,
        });
        return {
          result: { friendshipId: existing.id, status: 'accepted' as const, friend },
          created: false,
        };
      }
      if (existing) {
        // A rejected request: this is a new ask, from this side.
        await tx
          .update(friendships)
          .set({
            requesterId,
            addresseeId: target.id,
            status: 'pending',
            createdAt: sql`now()`,
            respondedAt: null,
          })
          .where(eq(friendships.id, existing.id));
        await notifyRequest(tx, target.id, requesterId, existing.id);
        return {
          result: { friendshipId: existing.id, status: 'pending' as const, friend },
          created: true,
        };
      }
      const [created] = await tx
        .insert(friendships)
        .values({ requesterId, addresseeId: target.id })
        .returning({ id: friendships.id });
      if (!created) throw new Error('Friend request was not recorded');
      await notifyRequest(tx, target.id, requesterId, created.id);
      return {
        result: { friendshipId: created.id, status: 'pending' as const, friend },
        created: true,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error) === 'friendships_pair_idx') {
      throw new AppError('CONFLICT', FRIEND_MESSAGES.alreadyRequested);
    }
    throw error;
  }
}
