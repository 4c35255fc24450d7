import { and, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES } from '@shared/schema/messages';
import { friendships } from '@shared/tables/friends';
import { blocks } from '@shared/tables/messages';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { betweenUsers } from '../friends/friendship-queries';

/** The live account with this username (any letter case), or 404. */
export async function findUserToBlock(db: Executor, username: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)));
  if (!user) throw notFound(MESSAGE_MESSAGES.userNotFound);
  return user;
}

/**
 * Blocks `username`: from now on they cannot message, befriend or gift the blocker, and any
 * friendship or pending request between the two ends. Blocking twice is the same as once.
 */
export async function blockUser(db: Database, blockerId: number, username: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findUserToBlock(tx, username);
    if (target.id === blockerId) throw new AppError('VALIDATION', MESSAGE_MESSAGES.blockSelf);
    await tx.insert(blocks).values({ blockerId, blockedId: target.id }).onConflictDoNothing();
    await tx.delete(friendships).where(betweenUsers(blockerId, target.id));
  });
}

/** Lifts a block (nothing to lift is fine); a friendship that ended with it does not come back. */
export async function unblockUser(
  db: Database,
  blockerId: number,
  username: string,
): Promise<void> {
  const target = await findUserToBlock(db, username);
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, target.id)));
}
