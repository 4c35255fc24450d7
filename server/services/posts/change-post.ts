import { and, eq, sql } from 'drizzle-orm';
import { type LikeResult, type Post, type PostComment, POST_MESSAGES } from '@shared/schema/posts';
import { postComments, postLikes, posts } from '@shared/tables/posts';
import { users } from '@shared/tables/users';
import { type Database, type Executor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import {
  forgetPostActivity,
  notifyPostActivity,
  recomposePostActivity,
} from '../notifications/post-activity';
import { authorColumns, loadPost, toPostComment } from './load-posts';

async function requirePost(db: Executor, postId: number) {
  const [post] = await db
    .select({ id: posts.id, userId: posts.userId })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post;
}

/** Only the author may delete a post; anyone else gets 403. */
export async function deletePost(db: Database, userId: number, postId: number): Promise<void> {
  const post = await requirePost(db, postId);
  if (post.userId !== userId) throw forbidden(POST_MESSAGES.notAuthor);
  await db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, postId));
    await forgetPostActivity(tx, postId);
  });
}

/** The author pins or unpins a post of theirs; pinned posts lead the feed. */
export async function pinPost(
  db: Database,
  userId: number,
  postId: number,
  pinned: boolean,
): Promise<Post> {
  const post = await requirePost(db, postId);
  if (post.userId !== userId) throw forbidden(POST_MESSAGES.notAuthor);
  await db.update(posts).set({ isPinned: pinned }).where(eq(posts.id, postId));
  const updated = await loadPost(db, postId, userId);
  if (!updated) throw notFound(POST_MESSAGES.notFound);
  return updated;
}

/**
 * Likes or unlikes, idempotently: the like row's primary key decides whether anything changed,
 * and the count moves in the same transaction only then, so it stays exact under concurrency.
 */
export async function setLike(
  db: Database,
  userId: number,
  postId: number,
  liked: boolean,
): Promise<LikeResult> {
  return db.transaction(async (tx) => {
    await requirePost(tx, postId);
    const changed = liked
      ? await tx
          .insert(postLikes)
          .values({ postId, userId })
          .onConflictDoNothing()
          .returning({ postId: postLikes.postId })
      : await tx
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
          .returning({ postId: postLikes.postId });
    const [post] =
      changed.length > 0
        ? await tx
            .update(posts)
            .set({ likeCount: sql`${posts.likeCount} + ${liked ? 1 : -1}` })
            .where(eq(posts.id, postId))
            .returning({ likes: posts.likeCount })
        : await tx.select({ likes: posts.likeCount }).from(posts).where(eq(posts.id, postId));
    if (!post) throw notFound(POST_MESSAGES.notFound);
    // After the count's update, which holds the post's row: likes at once are told in turn.
    if (changed.length > 0) {
      if (liked) await notifyPostActivity(tx, { type: 'post_liked', postId, actorId: userId });
      else await recomposePostActivity(tx, { type: 'post_liked', postId });
    }
    return { postId, likes: post.likes, isLiked: liked };
  });
}

export async function addComment(
  db: Database,
  userId: number,
  postId: number,
  content: string,
): Promise<PostComment> {
  const commentId = await db.transaction(async (tx) => {
    await requirePost(tx, postId);
    const [comment] = await tx
      .insert(postComments)
      .values({ postId, userId, content })
      .returning({ id: postComments.id });
    if (!comment) throw new Error('Comment was not recorded');
    await tx
      .update(posts)
      .set({ commentCount: sql`${posts.commentCount} + 1` })
      .where(eq(posts.id, postId));
    await notifyPostActivity(tx, { type: 'post_commented', postId, actorId: userId });
    return comment.id;
  });
  const [row] = await db
    .select({
      id: postComments.id,
      content: postComments.content,
      createdAt: postComments.createdAt,
      ...authorColumns,
    })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(eq(postComments.id, commentId));
  if (!row) throw new Error('Comment not found');
  return toPostComment({
    id: row.id,
    content: row.content,
    createdAt: row.createdAt,
    user: {
      name: row.name,
      username: row.username,
      profilePicture: row.profilePicture,
      verified: row.verified,
    },
  });
}
