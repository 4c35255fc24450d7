import { and, eq, isNull, sql } from 'drizzle-orm';
import { GIFT_CARD_MESSAGES } from '@shared/schema/gift-cards';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { isBlockedEitherWay } from '../blocks/blocks-between';

/**
 * The consumer with this username (any letter case) who is not `selfId`, for sending or asking for
 * a gift. Each refusal has its own message, so the form can say what to fix.
 */
export async function findOtherConsumer(
  db: Executor,
  username: string,
  selfId: number,
  messages: { self: string; consumersOnly: string },
) {
  const [user] = await db
    .select({ id: users.id, name: users.name, username: users.username, type: users.type })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)));
  if (!user) throw notFound(GIFT_CARD_MESSAGES.userNotFound);
  if (user.id === selfId) throw new AppError('VALIDATION', messages.self);
  if (user.type !== 'consumer') throw new AppError('VALIDATION', messages.consumersOnly);
  return user;
}

/**
 * Refuses a gift between two people when either blocked the other, answered as for no such user,
 * so the blocked person is not told.
 */
export async function refuseBlocked(db: Executor, giverId: number, recipientId: number) {
  if (await isBlockedEitherWay(db, giverId, recipientId)) {
    throw notFound(GIFT_CARD_MESSAGES.userNotFound);
  }
}
