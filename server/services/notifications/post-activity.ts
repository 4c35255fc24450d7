import { and, desc, eq, max, ne, sql } from 'drizzle-orm';
import { type PostActivityNotification } from '@shared/constants';
import { notifications, postActivityKinds } from '@shared/tables/notifications';
import { postComments, postLikes, posts } from '@shared/tables/posts';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { announce, DEFAULT_SENDER_NAME, wantsInApp } from './notify';

/** Who acted on a post (its author aside), the newest first, as one notification tells it. */
type Activity = {
  total: number;
  newest: { id: number; name: string; at: Date };
  second: { name: string } | null;
};

/** 'Ava liked your post', 'Ava and Ben liked your post', 'Ava and 3 others liked your post'. */
export function postActivityMessage(type: PostActivityNotification, activity: Activity): string {
  const { total, newest, second } = activity;
  const who =
    total === 1 || !second
      ? newest.name
      : total === 2
        ? `${newest.name} and ${second.name}`
        : `${newest.name} and ${total - 1} others`;
  // Not the comment's words: they are the commenter's, shown on the post (and not part of the
  // author's own data, as an export of it would make them).
  return type === 'post_liked' ? `${who} liked your post` : `${who} commented on your post`;
}

/**
 * Reads who liked (or commented on) the post from the likes and comments themselves, so the text
 * is always recomposed from what is there: a like withdrawn or an account deleted leaves no name
 * behind. Null when nobody but the author has acted.
 */
async function readActivity(
  tx: Executor,
  type: PostActivityNotification,
  postId: number,
  authorId: number,
): Promise<Activity | null> {
  const source = type === 'post_liked' ? postLikes : postComments;
  const others = and(eq(source.postId, postId), ne(source.userId, authorId));
  const latest = max(source.createdAt);
  const actors = await tx
    .select({
      id: source.userId,
      name: users.name,
      at: latest,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(source)
    .innerJoin(users, eq(users.id, source.userId))
    .where(others)
    .groupBy(source.userId, users.name)
    .orderBy(desc(latest), desc(source.userId))
    .limit(2);
  const [newest, second] = actors;
  if (!newest?.at) return null;
  return {
    total: newest.total,
    newest: { id: newest.id, name: newest.name || DEFAULT_SENDER_NAME, at: new Date(newest.at) },
    second: second ? { name: second.name || DEFAULT_SENDER_NAME } : null,
  };
}

async function authorOf(tx: Executor, postId: number): Promise<number | null> {
  const [post] = await tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId));
  return post?.userId ?? null;
}

const groupOf = (recipientId: number, type: PostActivityNotification, postId: number) =>
  and(
    eq(notifications.recipientId, recipientId),
    eq(notifications.type, type),
    eq(notifications.referenceId, postId),
  );

/**
 * Someone liked or commented on a post: its author's one notification of that kind for the post
 * is written or rewritten (newest actor first, unread again, dated by this action) and pushed to
 * the live streams. Call it inside the transaction that recorded the like or comment, after the
 * post's count was updated: that update locks the post row, so two actions at once are counted in
 * turn, and the unique index makes the second an update of the first's notification.
 * Nothing for acting on your own post, nor for a kind the author switched off.
 */
export async function notifyPostActivity(
  tx: Executor,
  input: { type: PostActivityNotification; postId: number; actorId: number },
): Promise<void> {
  const { type, postId } = input;
  const authorId = await authorOf(tx, postId);
  if (authorId === null || authorId === input.actorId) return;
  if (!(await wantsInApp(tx, authorId, type))) return;
  const activity = await readActivity(tx, type, postId, authorId);
  if (!activity) return;
  const values = {
    actorId: activity.newest.id,
    actorName: null,
    message: postActivityMessage(type, activity),
    createdAt: activity.newest.at,
    readAt: null,
  };
  const [written] = await tx
    .insert(notifications)
    .values({ recipientId: authorId, type, referenceType: 'post', referenceId: postId, ...values })
    .onConflictDoUpdate({
      target: [notifications.recipientId, notifications.type, notifications.referenceId],
      targetWhere: postActivityKinds(notifications.type),
      set: values,
    })
    .returning({ id: notifications.id });
  if (!written) throw new Error('Notification was not written');
  await announce(tx, authorId, written.id);
}

/**
 * After a like is withdrawn or an actor's account is deleted: the post's notification of that
 * kind is recomposed from who is left (its time that of the latest remaining action), quietly —
 * neither unread again nor pushed — and removed when nobody is left.
 */
export async function recomposePostActivity(
  tx: Executor,
  input: { type: PostActivityNotification; postId: number },
): Promise<void> {
  const { type, postId } = input;
  const authorId = await authorOf(tx, postId);
  if (authorId === null) return;
  const activity = await readActivity(tx, type, postId, authorId);
  if (!activity) {
    await tx.delete(notifications).where(groupOf(authorId, type, postId));
    return;
  }
  await tx
    .update(notifications)
    .set({
      actorId: activity.newest.id,
      actorName: null,
      message: postActivityMessage(type, activity),
      createdAt: activity.newest.at,
    })
    .where(groupOf(authorId, type, postId));
}

/** A deleted post takes its likes and comments notifications with it (nothing left to open). */
export async function forgetPostActivity(tx: Executor, postId: number): Promise<void> {
  await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.referenceType, 'post'),
        eq(notifications.referenceId, postId),
        postActivityKinds(notifications.type),
      ),
    );
}
