import { and, eq } from 'drizzle-orm';
import { type ConversationInfo } from '@shared/schema/messages';
import { conversationParticipants } from '@shared/tables/messages';
import { type Executor } from '../../db/client';
import { canMessage, conversationToRead } from './conversation';

/** Who the conversation is with, whether new messages can be sent, and what they have seen. */
export async function getConversationInfo(
  db: Executor,
  me: number,
  username: string,
): Promise<ConversationInfo> {
  const { other, conversationId } = await conversationToRead(db, me, username);
  let seenUpTo: number | null = null;
  if (conversationId !== null) {
    const [theirs] = await db
      .select({ lastRead: conversationParticipants.lastReadMessageId })
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, conversationId),
          eq(conversationParticipants.userId, other.id),
        ),
      );
    seenUpTo = theirs && theirs.lastRead > 0 ? theirs.lastRead : null;
  }
  return {
    username: other.username,
    name: other.name,
    avatar: other.avatar,
    canMessage: await canMessage(db, me, other.id),
    seenUpTo,
  };
}
