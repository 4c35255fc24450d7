import { and, eq, isNull, lte, max, sql } from 'drizzle-orm';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES } from '@shared/schema/messages';
import { conversationParticipants, messages } from '@shared/tables/messages';
import { notifications } from '@shared/tables/notifications';
import { type Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { conversationToRead, markViewing } from './conversation';
import { announceLive } from './live-events';

/**
 * I have seen the conversation up to message `upTo` (never moving back), and have it open: no
 * message notification for a minute, and the waiting one from this person is marked read. The
 * other participant's streams get the receipt ('Seen').
 */
export async function markConversationRead(
  db: Database,
  me: { id: number; username: string },
  username: string,
  upTo: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { other, conversationId } = await conversationToRead(tx, me.id, username);
    if (conversationId === null) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
    const [newest] = await tx
      .select({ id: max(messages.id) })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), lte(messages.id, upTo)));
    const seen = newest?.id ?? 0;
    const [side] = await tx
      .update(conversationParticipants)
      .set({
        lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${seen})`,
      })
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, me.id),
        ),
      )
      .returning({ lastRead: conversationParticipants.lastReadMessageId });
    await markViewing(tx, conversationId, me.id, MESSAGE_LIMITS.viewingMs);
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.recipientId, me.id),
          eq(notifications.type, 'message_received'),
          eq(notifications.actorId, other.id),
          isNull(notifications.readAt),
        ),
      );
    if (side && side.lastRead > 0) {
      await announceLive(tx, other.id, {
        live: 'message-read',
        username: me.username,
        upTo: side.lastRead,
      });
    }
  });
}
