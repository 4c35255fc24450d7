import { MESSAGE_LIMITS } from '@shared/schema/messages';
import { type Database } from '../../db/client';
import { assertCanMessage, conversationToRead, markViewing } from './conversation';
import { announceLive } from './live-events';

/**
 * I am typing to `username`: their open streams hear it (nothing is stored), and the conversation
 * counts as open on my side for a minute. Only where a message could be sent.
 */
export async function signalTyping(
  db: Database,
  me: { id: number; username: string },
  username: string,
): Promise<void> {
  const { other, conversationId } = await conversationToRead(db, me.id, username);
  await assertCanMessage(db, me.id, other.id, conversationId);
  if (conversationId !== null) {
    await markViewing(db, conversationId, me.id, MESSAGE_LIMITS.viewingMs);
  }
  await announceLive(db, other.id, { live: 'typing', username: me.username });
}
