import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_MESSAGES } from '@shared/schema/messages';
import { friendships } from '@shared/tables/friends';
import { conversationParticipants, conversations } from '@shared/tables/messages';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { AppError, notFound } from '../../lib/errors';
import { isBlockedEitherWay } from '../blocks/blocks-between';
import { betweenUsers } from '../friends/friendship-queries';

/** The other person of a conversation, as answers show them. */
export type Counterpart = { id: number; username: string; name: string; avatar: string | null };

/** The live account `username` (any letter case) other than me, or 404 with `message`. */
export async function findCounterpart(
  db: Executor,
  meId: number,
  username: string,
  message: string = MESSAGE_MESSAGES.conversationNotFound,
): Promise<Counterpart> {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      avatar: users.profilePicture,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), isNull(users.deletedAt)));
  if (!user || user.id === meId) throw notFound(message);
  return user;
}

export async function areFriends(db: Executor, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: friendships.id })
    .from(friendships)
    .where(and(betweenUsers(a, b), eq(friendships.status, 'accepted')));
  return row !== undefined;
}

/** Still friends and nobody blocked: new messages may be sent. */
export async function canMessage(db: Executor, a: number, b: number): Promise<boolean> {
  return (await areFriends(db, a, b)) && !(await isBlockedEitherWay(db, a, b));
}

export async function findConversationId(
  db: Executor,
  a: number,
  b: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.userLowId, Math.min(a, b)),
        eq(conversations.userHighId, Math.max(a, b)),
      ),
    );
  return row?.id ?? null;
}

/** The conversation of the pair, made with both participants' rows if it is their first message. */
export async function openConversation(db: Executor, a: number, b: number): Promise<number> {
  await db
    .insert(conversations)
    .values({ userLowId: Math.min(a, b), userHighId: Math.max(a, b) })
    .onConflictDoNothing();
  const id = await findConversationId(db, a, b);
  if (id === null) throw new Error('Conversation was not created');
  await db
    .insert(conversationParticipants)
    .values([
      { conversationId: id, userId: a, otherUserId: b },
      { conversationId: id, userId: b, otherUserId: a },
    ])
    .onConflictDoNothing();
  return id;
}

/**
 * Who `username` is (a live account other than me), our conversation if we have one, and whether
 * we are friends: the start of every statement that reads a conversation (and marks it read,
 * types in it, deletes from it). `me` and `username` are its placeholders.
 */
export function counterpartSql(): SQL {
  const me = sql`${sql.placeholder('me')}::int`;
  return sql`select other.id, other.username, other.name, other.profile_picture as avatar,
        (select c.id from ${conversations} c
          where c.user_low_id = least(other.id, ${me}) and c.user_high_id = greatest(other.id, ${me}))
          as "conversationId",
        exists (select 1 from ${friendships} f
          where f.status = 'accepted'
            and ((f.requester_id = ${me} and f.addressee_id = other.id)
              or (f.requester_id = other.id and f.addressee_id = ${me}))) as friends
      from ${users} other
      where lower(other.username) = lower(${sql.placeholder('username')}::text)
        and other.deleted_at is null`;
}

/** What counterpartSql answers. */
export type CounterpartRow = Counterpart & { conversationId: number | null; friends: boolean };

const counterpartWithConversation = preparedQuery<CounterpartRow>(
  'conversation_counterpart',
  counterpartSql,
);

/**
 * The conversation I may read with the user `found` names: one we have, or an empty one with a
 * friend. Anyone else (a stranger, a name no account has: `found` undefined) is 404, so a
 * conversation's existence is not told.
 */
export function readableConversation(
  found: CounterpartRow | undefined,
  meId: number,
): { other: Counterpart; conversationId: number | null } {
  if (!found || found.id === meId) throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  if (found.conversationId === null && !found.friends) {
    throw notFound(MESSAGE_MESSAGES.conversationNotFound);
  }
  return {
    other: { id: found.id, username: found.username, name: found.name, avatar: found.avatar },
    conversationId: found.conversationId,
  };
}

/** The conversation I may read with `username` (see readableConversation). */
export async function conversationToRead(
  db: Executor,
  meId: number,
  username: string,
): Promise<{ other: Counterpart; conversationId: number | null }> {
  const [found] = await counterpartWithConversation(db, 'all', { me: meId, username });
  return readableConversation(found, meId);
}

/**
 * Refuses a new message (or typing) unless the two are friends and nobody blocked. A blocked
 * person hears exactly what someone who is not (or no longer) a friend hears.
 */
export async function assertCanMessage(
  db: Executor,
  meId: number,
  otherId: number,
  conversationId: number | null,
): Promise<void> {
  if (await canMessage(db, meId, otherId)) return;
  throw new AppError(
    'FORBIDDEN',
    conversationId === null ? MESSAGE_MESSAGES.friendsOnly : MESSAGE_MESSAGES.threadClosed,
  );
}

/** Marks the conversation as open on my screen for a while: no message notification meanwhile. */
export async function markViewing(
  db: Executor,
  conversationId: number,
  userId: number,
  viewingMs: number,
): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ viewingUntil: sql`now() + make_interval(secs => ${viewingMs / 1000})` })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    );
}
