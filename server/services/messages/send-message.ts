import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Message, MESSAGE_MESSAGES, type sendMessageSchema } from '@shared/schema/messages';
import { notifications } from '@shared/tables/notifications';
import { conversationParticipants, messages } from '@shared/tables/messages';
import { uploads } from '@shared/tables/posts';
import { users } from '@shared/tables/users';
import { UPLOADS_URL_PREFIX } from '@shared/uploads';
import { type z } from 'zod';
import { type Database, type Executor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/errors';
import { DEFAULT_SENDER_NAME, notify } from '../notifications/notify';
import {
  areFriends,
  assertCanMessage,
  findConversationId,
  findCounterpart,
  openConversation,
} from './conversation';
import { announceLive } from './live-events';
import { loadMessage } from './message-view';

type SendData = z.output<typeof sendMessageSchema>;

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION', message, { errors: { [field]: message } });

/** An image the sender uploaded here (its URL as the upload endpoint answered it), or 400. */
async function ownUploadUrl(tx: Executor, senderId: number, url: string): Promise<string> {
  const fileName = url.startsWith(UPLOADS_URL_PREFIX) ? url.slice(UPLOADS_URL_PREFIX.length) : '';
  const [upload] = fileName
    ? await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.fileName, fileName), eq(uploads.ownerId, senderId)))
    : [];
  if (!upload) throw invalid('imageUrl', MESSAGE_MESSAGES.imageInvalid);
  return url;
}

/** The message this sender already stored under this client id, if any. */
async function findSent(db: Executor, senderId: number, clientId: string) {
  const [row] = await db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/**
 * Stores a message and tells both participants (and, unless they have the conversation open or
 * switched the kind off, notifies the recipient), all at commit: the message row, the activity
 * that orders both lists, the sender's own read position.
 */
async function storeMessage(
  tx: Executor,
  input: {
    conversationId: number;
    senderId: number;
    recipientId: number;
    clientId: string;
    text: string;
    imageUrl: string | null;
    giftCardId: number | null;
  },
): Promise<number> {
  const [created] = await tx
    .insert(messages)
    .values({
      conversationId: input.conversationId,
      senderId: input.senderId,
      clientId: input.clientId,
      text: input.text,
      imageUrl: input.imageUrl,
      giftCardId: input.giftCardId,
    })
    .returning({ id: messages.id });
  if (!created) throw new Error('Message was not stored');
  await tx
    .update(conversationParticipants)
    .set({ lastActivityAt: sql`now()` })
    .where(eq(conversationParticipants.conversationId, input.conversationId));
  await tx
    .update(conversationParticipants)
    .set({
      lastReadMessageId: sql`greatest(${conversationParticipants.lastReadMessageId}, ${created.id})`,
    })
    .where(
      and(
        eq(conversationParticipants.conversationId, input.conversationId),
        eq(conversationParticipants.userId, input.senderId),
      ),
    );
  await announceLive(tx, input.recipientId, { live: 'message', messageId: created.id });
  await announceLive(tx, input.senderId, { live: 'message', messageId: created.id });
  return created.id;
}

/**
 * Notifies the recipient of a new message, unless they have this conversation open (a read or
 * typing call within the last minute) or an unread message notification from the sender already
 * waits: one notification per conversation until it is read, not one per message.
 */
async function notifyRecipient(
  tx: Executor,
  conversationId: number,
  senderId: number,
  recipientId: number,
): Promise<void> {
  const [side] = await tx
    .select({
      viewing: sql<boolean>`coalesce(${conversationParticipants.viewingUntil} > now(), false)`,
    })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, recipientId),
      ),
    );
  if (side?.viewing) return;
  const [waiting] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.type, 'message_received'),
        eq(notifications.actorId, senderId),
        isNull(notifications.readAt),
      ),
    )
    .limit(1);
  if (waiting) return;
  const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, senderId));
  await notify(tx, {
    recipientId,
    type: 'message_received',
    actorId: senderId,
    referenceType: 'profile',
    referenceId: senderId,
    message: `${sender?.name ?? DEFAULT_SENDER_NAME} sent you a message`,
  });
}

/**
 * Sends a message to `username`. Only friends (nobody blocked) may start or continue a
 * conversation. The client's id makes it idempotent: a retry answers the first message
 * (`created: false`) and stores nothing.
 */
export async function sendMessage(
  db: Database,
  sender: { id: number },
  username: string,
  input: SendData,
): Promise<{ message: Message; created: boolean }> {
  const replay = async () => {
    const sent = await findSent(db, sender.id, input.clientId);
    if (!sent) return undefined;
    const other = await findCounterpart(db, sender.id, username, MESSAGE_MESSAGES.userNotFound);
    if (sent.conversationId !== (await findConversationId(db, sender.id, other.id))) {
      throw new AppError('CONFLICT', MESSAGE_MESSAGES.clientIdUsed);
    }
    return { message: await loadMessage(db, sender.id, sent.id), created: false };
  };
  const replayed = await replay();
  if (replayed) return replayed;
  try {
    const id = await db.transaction(async (tx) => {
      const other = await findCounterpart(tx, sender.id, username, MESSAGE_MESSAGES.userNotFound);
      const existing = await findConversationId(tx, sender.id, other.id);
      await assertCanMessage(tx, sender.id, other.id, existing);
      const imageUrl = input.imageUrl ? await ownUploadUrl(tx, sender.id, input.imageUrl) : null;
      const conversationId = await openConversation(tx, sender.id, other.id);
      const messageId = await storeMessage(tx, {
        conversationId,
        senderId: sender.id,
        recipientId: other.id,
        clientId: input.clientId,
        text: input.text,
        imageUrl,
        giftCardId: null,
      });
      await notifyRecipient(tx, conversationId, sender.id, other.id);
      return messageId;
    });
    return { message: await loadMessage(db, sender.id, id), created: true };
  } catch (error) {
    // The same send twice at once: the other one stored it; answer that one.
    if (isUniqueViolation(error) === 'messages_sender_client_idx') {
      const raced = await replay();
      if (raced) return raced;
    }
    throw error;
  }
}

/**
 * A gift card sent or bought for a friend, as a message in their conversation (made if needed),
 * inside the gift's own transaction. Gifts to someone who is not a friend stay out of messages,
 * as strangers have no conversation. The gift's own notification tells the recipient.
 */
export async function addGiftMessage(
  tx: Executor,
  input: { senderId: number; recipientId: number; giftCardId: number; text: string },
): Promise<void> {
  if (!(await areFriends(tx, input.senderId, input.recipientId))) return;
  const conversationId = await openConversation(tx, input.senderId, input.recipientId);
  await storeMessage(tx, {
    conversationId,
    senderId: input.senderId,
    recipientId: input.recipientId,
    clientId: randomUUID(),
    text: input.text,
    imageUrl: null,
    giftCardId: input.giftCardId,
  });
}
