import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Post,
  type PostAuthor,
  type PostComment,
  POST_LIMITS,
  postLikes,
  postMentions,
  posts,
} from '@shared/schema/posts';
import { users } from '@shared/schema/users';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';

export const authorColumns = {
  name: users.name,
  username: users.username,
  profilePicture: users.profilePicture,
  verified: users.verified,
};

type CommentRow = {
  id: number;
  post_id: number;
  content: string;
  created_at: string | Date;
  name: string;
  username: string;
  profile_picture: string | null;
  verified: boolean;
};

export const toPostComment = (row: {
  id: number;
  content: string;
  createdAt: Date | string;
  user: PostAuthor;
}): PostComment => ({
  id: row.id,
  content: row.content,
  createdAt: new Date(row.createdAt).toISOString(),
  user: row.user,
});

/**
 * The posts with these ids as `viewerId` sees them (liked or not), in the order given: four
 * queries for any number of posts — posts with authors, the viewer's likes, mentions, and the
 * newest comments of each post — never one per post.
 */
export async function loadPosts(db: Executor, ids: number[], viewerId: number): Promise<Post[]> {
  if (ids.length === 0) return [];
  const [rows, liked, mentions, comments] = await Promise.all([
    db
      .select({
        id: posts.id,
        userId: posts.userId,
        content: posts.content,
        createdAt: posts.createdAt,
        attachmentUrl: posts.attachmentUrl,
        attachmentType: posts.attachmentType,
        likeCount: posts.likeCount,
        commentCount: posts.commentCount,
        isPinned: posts.isPinned,
        isLeaderboardPost: posts.isLeaderboardPost,
        ...authorColumns,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(inArray(posts.id, ids)),
    db
      .select({ postId: postLikes.postId })
      .from(postLikes)
      .where(and(inArray(postLikes.postId, ids), eq(postLikes.userId, viewerId))),
    db
      .select({ postId: postMentions.postId, userId: postMentions.userId })
      .from(postMentions)
      .where(inArray(postMentions.postId, ids))
      .orderBy(asc(postMentions.userId)),
    queryRows<CommentRow>(
      db,
      sql`select * from (
        select c.id, c.post_id, c.content, c.created_at, u.name, u.username, u.profile_picture,
               u.verified,
               row_number() over (partition by c.post_id order by c.created_at desc, c.id desc) as newest
        from post_comments c join users u on u.id = c.user_id
        where c.post_id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
      ) ranked
      where newest <= ${POST_LIMITS.commentsPreview}
      order by created_at asc, id asc`,
    ),
  ]);
  const likedIds = new Set(liked.map((row) => row.postId));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        userId: row.userId,
        user: {
          name: row.name,
          username: row.username,
          profilePicture: row.profilePicture,
          verified: row.verified,
        },
        content: row.content,
        createdAt: new Date(row.createdAt).toISOString(),
        attachmentUrl: row.attachmentUrl,
        attachmentType: row.attachmentType,
        mentionedUserIds: mentions.filter((m) => m.postId === id).map((m) => m.userId),
        likes: row.likeCount,
        commentCount: row.commentCount,
        isLiked: likedIds.has(id),
        isPinned: row.isPinned,
        isLeaderboardPost: row.isLeaderboardPost,
        comments: comments
          .filter((comment) => Number(comment.post_id) === id)
          .map((comment) =>
            toPostComment({
              id: Number(comment.id),
              content: comment.content,
              createdAt: comment.created_at,
              user: {
                name: comment.name,
                username: comment.username,
                profilePicture: comment.profile_picture,
                verified: comment.verified,
              },
            }),
          ),
      },
    ];
  });
}

/** A post as `viewerId` sees it, or null. */
export async function loadPost(db: Executor, id: number, viewerId: number) {
  const [post] = await loadPosts(db, [id], viewerId);
  return post ?? null;
}
