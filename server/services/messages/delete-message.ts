import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES } from '@shared/schema/messages';
import { messages } from '@shared/tables/messages';
import { type Database, type Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { conversationToRead } from './conversation';
import { announceLive } from './live-events';

/** A message of the conversation between me and `username`, or 404. */
export async function findConversationMessage(
  db: Executor,
  me: number,
  username: string,
  id: number,
) {
  const { other, conversationId } = await conversationToRead(db, me, username);
  const [message] =
    conversationId === null
      ? []
      : await db
          .select({
            id: messages.id,
            senderId: messages.senderId,
            text: messages.text,
            deleted: sql<boolean>`${messages.deletedAt} is not null`,
            withinWindow: sql<boolean>`${messages.createdAt} > now() - make_interval(secs => ${
              MESSAGE_LIMITS.deleteWindowMs / 1000
            })`,
          })
          .from(messages)
          .where(and(eq(messages.id, id), eq(messages.conversationId, conversationId)))
          .for('update');
  if (!message) throw notFound(MESSAGE_MESSAGES.messageNotFound);
  return { other, message };
}

/**
 * Deletes my own message for everyone, within 15 minutes of sending it: its text and image are
 * removed, the row stays as 'deleted' (the thread keeps its shape). A gift it carried stays given.
 * Deleting it again changes nothing.
 */
export async function deleteMessage(
  db: Database,
  me: { id: number; username: string },
  username: string,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { other, message } = await findConversationMessage(tx, me.id, username, id);
    if (message.senderId !== me.id) throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.deleteNotOwn);
    if (message.deleted) return;
    if (!message.withinWindow) throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.deleteWindow);
    await tx
      .update(messages)
      .set({ text: '', imageUrl: null, deletedAt: sql`now()` })
      .where(eq(messages.id, id));
    await announceLive(tx, other.id, { live: 'message-deleted', username: me.username, id });
    await announceLive(tx, me.id, { live: 'message-deleted', username: other.username, id });
  });
}
