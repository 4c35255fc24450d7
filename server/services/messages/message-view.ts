import { and, eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@shared/money';
import { type Message } from '@shared/schema/messages';
import { brands } from '@shared/tables/brands';
import { giftCards } from '@shared/tables/gift-cards';
import { conversationParticipants, messages } from '@shared/tables/messages';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { counterpartSql, type CounterpartRow, readableConversation } from './conversation';

/**
 * Messages with their senders and gift cards, as toMessage reads them (named `m`, for a
 * statement's own condition and order). Rows come as Postgres sends them: plain objects, read
 * with no per-column mapping, as a page of messages is the read a conversation screen repeats.
 */
const messageRows = sql`select m.id, m.client_id as "clientId", m.sender_id as "senderId", m.text,
        m.image_url as "imageUrl", m.created_at as "createdAt", m.deleted_at as "deletedAt",
        sender.username as "senderUsername", sender.name as "senderName",
        sender.profile_picture as "senderAvatar", card.id as "giftCardId",
        brand.name as "giftBrand", card.value_cents as "giftValueCents"
      from ${messages} m
      join ${users} sender on sender.id = m.sender_id
      left join ${giftCards} card on card.id = m.gift_card_id
      left join ${brands} brand on brand.id = card.brand_id`;

type Row = {
  id: number;
  clientId: string;
  senderId: number;
  text: string;
  imageUrl: string | null;
  createdAt: string | Date;
  deletedAt: string | Date | null;
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
        ? { id: row.giftCardId, brand: row.giftBrand, value: centsToDollars(row.giftValueCents) }
        : null,
    createdAt: new Date(row.createdAt).toISOString(),
    deleted,
  };
}

const messageById = preparedQuery<Row>(
  'message_by_id',
  () => sql`${messageRows} where m.id = ${sql.placeholder('id')}::int`,
);

/** One message as `viewerId` sees it. */
export async function loadMessage(db: Executor, viewerId: number, id: number): Promise<Message> {
  const [row] = await messageById(db, 'all', { id });
  if (!row) throw new Error(`No message ${id}`);
  return toMessage(row, viewerId);
}

/**
 * Who the conversation is with, whether I may read it, and a page of its messages, newest first,
 * from its start or before a message: one statement, prepared, as it is the read a conversation
 * screen repeats. The counterpart's row comes once with no message when there is none to show.
 */
const conversationPage = preparedQuery<
  { [K in keyof CounterpartRow as `counterpart_${K}`]: CounterpartRow[K] } & {
    [K in keyof Row]: Row[K] | null;
  },
  'latest' | 'before'
>(
  'conversation_page',
  (variant) => sql`with counterpart as (${counterpartSql()})
      select counterpart.id as counterpart_id, counterpart.username as counterpart_username,
             counterpart.name as counterpart_name, counterpart.avatar as counterpart_avatar,
             counterpart."conversationId" as "counterpart_conversationId",
             counterpart.friends as counterpart_friends, page.*
      from counterpart
      left join lateral (
        ${messageRows}
        where m.conversation_id = counterpart."conversationId"
          ${variant === 'before' ? sql`and m.id < ${sql.placeholder('before')}::int` : sql``}
        order by m.id desc
        limit ${sql.placeholder('limit')}::int
      ) page on true
      order by page.id desc`,
);

/**
 * A page of my conversation with `username`, newest first: the messages older than `before` (a
 * message id), so a page stays the same however many messages arrive meanwhile. 404 for anyone I
 * have no conversation with and am not friends with.
 */
export async function listConversationMessages(
  db: Executor,
  viewerId: number,
  username: string,
  { before, limit }: { before?: number | undefined; limit: number },
): Promise<{ items: Message[]; nextCursor: string | null; limit: number }> {
  const rows = await conversationPage(db, before === undefined ? 'latest' : 'before', {
    me: viewerId,
    username,
    before,
    limit: limit + 1,
  });
  const first = rows[0];
  readableConversation(
    first && {
      id: first.counterpart_id,
      username: first.counterpart_username,
      name: first.counterpart_name,
      avatar: first.counterpart_avatar,
      conversationId: first.counterpart_conversationId,
      friends: first.counterpart_friends,
    },
    viewerId,
  );
  const found = rows.filter((row): row is typeof row & Row => row.id !== null);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toMessage(row, viewerId)),
    nextCursor: found.length > limit && last ? String(last.id) : null,
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
