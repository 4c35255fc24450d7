import { and, desc, eq, lt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Message } from '@shared/schema/messages';
import { brands } from '@shared/tables/brands';
import { giftCards } from '@shared/tables/gift-cards';
import { conversationParticipants, messages } from '@shared/tables/messages';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { preparedStatement } from '../../db/prepared';

const senders = alias(users, 'message_senders');

const columns = {
  id: messages.id,
  clientId: messages.clientId,
  senderId: messages.senderId,
  text: messages.text,
  imageUrl: messages.imageUrl,
  createdAt: messages.createdAt,
  deletedAt: messages.deletedAt,
  senderUsername: senders.username,
  senderName: senders.name,
  senderAvatar: senders.profilePicture,
  giftCardId: giftCards.id,
  giftBrand: brands.name,
  giftValueCents: giftCards.valueCents,
};

type Row = {
  id: number;
  clientId: string;
  senderId: number;
  text: string;
  imageUrl: string | null;
  createdAt: Date;
  deletedAt: Date | null;
  senderUsername: string;
  senderName: string;
  senderAvatar: string | null;
  giftCardId: number | null;
  giftBrand: string | null;
  giftValueCents: number | null;
};

function toMessage(row: Row, viewerId: number): Message {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    clientId: row.clientId,
    fromMe: row.senderId === viewerId,
    sender: { username: row.senderUsername, name: row.senderName, avatar: row.senderAvatar },
    text: deleted ? '' : row.text,
    imageUrl: deleted ? null : row.imageUrl,
    giftCard:
      row.giftCardId !== null && row.giftBrand !== null && row.giftValueCents !== null
        ? { id: row.giftCardId, brand: row.giftBrand, value: row.giftValueCents / 100 }
        : null,
    createdAt: row.createdAt.toISOString(),
    deleted,
  };
}

/** Messages with their senders and gift cards, newest first (a query to run or to prepare). */
function selectMessages(db: Executor, where: SQL | undefined, limit: number | Placeholder) {
  return db
    .select(columns)
    .from(messages)
    .innerJoin(senders, eq(senders.id, messages.senderId))
    .leftJoin(giftCards, eq(giftCards.id, messages.giftCardId))
    .leftJoin(brands, eq(brands.id, giftCards.brandId))
    .where(where)
    .orderBy(desc(messages.id))
    .limit(limit);
}

/** One message as `viewerId` sees it. */
export async function loadMessage(db: Executor, viewerId: number, id: number): Promise<Message> {
  const [row] = await selectMessages(db, eq(messages.id, id), 1);
  if (!row) throw new Error(`No message ${id}`);
  return toMessage(row, viewerId);
}

/**
 * A page of a conversation's messages, newest first, from its start or before a message: built
 * and planned once per connection (it is the read a conversation screen repeats).
 */
const messagesPage = preparedStatement(
  'conversation_messages',
  (db: Database, variant: 'latest' | 'before') => {
    const inConversation = eq(messages.conversationId, sql.placeholder('conversationId'));
    return selectMessages(
      db,
      variant === 'latest'
        ? inConversation
        : and(inConversation, lt(messages.id, sql.placeholder('before'))),
      sql.placeholder('limit'),
    );
  },
);

/**
 * A page of a conversation, newest first: the messages older than `before` (a message id), so a
 * page stays the same however many messages arrive meanwhile.
 */
export async function listConversationMessages(
  db: Database,
  viewerId: number,
  conversationId: number | null,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<{ items: Message[]; nextCursor: string | null; limit: number }> {
  if (conversationId === null) return { items: [], nextCursor: null, limit };
  const rows = await messagesPage(db, before === undefined ? 'latest' : 'before').execute({
    conversationId,
    before,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toMessage(row, viewerId)),
    nextCursor: rows.length > limit && last ? String(last.id) : null,
    limit,
  };
}

/**
 * A message as the live event of one participant carries it: who the conversation is with from
 * their side, and the message as they see it.
 */
export async function loadMessageEvent(db: Executor, recipientId: number, id: number) {
  const message = await loadMessage(db, recipientId, id);
  const [side] = await db
    .select({ username: users.username })
    .from(messages)
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, recipientId),
      ),
    )
    .innerJoin(users, eq(users.id, conversationParticipants.otherUserId))
    .where(eq(messages.id, id));
  if (!side) throw new Error(`User ${recipientId} is not in the conversation of message ${id}`);
  return { username: side.username, message };
}
