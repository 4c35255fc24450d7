import { type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { POST_LIMITS } from '@shared/constants';
import { type Post, type PostAuthor, type PostComment } from '@shared/schema/posts';
import { users } from '@shared/tables/users';
import { type Executor } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { sqlInteger } from '../../db/sql-literals';

export const authorColumns = {
  name: users.name,
  username: users.username,
  profilePicture: users.profilePicture,
  verified: users.verified,
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
 * A timestamp as `Date#toISOString()` writes it: UTC, milliseconds cut (not rounded) from the
 * microseconds, as JS cuts them when it parses the driver's text.
 */
const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const authorObject = (alias: SQL) =>
  sql`json_build_object('name', ${alias}.name, 'username', ${alias}.username,
        'profilePicture', ${alias}.profile_picture, 'verified', ${alias}.verified)`;

/**
 * One post as `viewerId` sees it, as JSON shaped like `Post` (same keys, same order), built by
 * Postgres from a posts row `p` and its author `u`. Every part is bounded by the one post: the
 * counters kept on the row, one primary-key probe for the viewer's like, the mentions (at most
 * `mentionsMax`), and the newest comments from the (post_id, created_at, id) index.
 * The like is a scalar subquery, not EXISTS: the planner may turn an EXISTS into a hashed scan of
 * all the viewer's likes, which grows with how much they like rather than with the page.
 */
export function postJson(viewerId: number | SQLWrapper): SQL {
  return sql`json_build_object(
    'id', p.id,
    'userId', p.user_id,
    'user', ${authorObject(sql`u`)},
    'content', p.content,
    'createdAt', ${isoTime(sql`p.created_at`)},
    'attachmentUrl', p.attachment_url,
    'attachmentType', p.attachment_type,
    'mentionedUserIds', coalesce(
      (select json_agg(m.user_id order by m.user_id) from post_mentions m where m.post_id = p.id),
      '[]'::json),
    'likes', p.like_count,
    'commentCount', p.comment_count,
    'isLiked', coalesce(
      (select true from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}),
      false),
    'isPinned', p.is_pinned,
    'isLeaderboardPost', p.is_leaderboard_post,
    'comments', coalesce(
      (select json_agg(json_build_object(
           'id', c.id,
           'content', c.content,
           'createdAt', ${isoTime(sql`c.created_at`)},
           'user', ${authorObject(sql`cu`)})
         order by c.created_at asc, c.id asc)
       from (select id, user_id, content, created_at from post_comments
             where post_id = p.id
             order by created_at desc, id desc
             limit ${sqlInteger(POST_LIMITS.commentsPreview)}) c
       join users cu on cu.id = c.user_id),
      '[]'::json)
  )`;
}

/**
 * The posts with these ids as `viewerId` sees them (liked or not), in the order given (unknown
 * ids skipped): one statement for any number of posts, shaped by Postgres.
 */
export async function loadPosts(db: Executor, ids: number[], viewerId: number): Promise<Post[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ post: Post }>(
    db,
    sql`select ${postJson(viewerId)} as post
        from unnest(array[${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}]::integer[]) with ordinality as wanted(id, position)
        join posts p on p.id = wanted.id
        join users u on u.id = p.user_id
        order by wanted.position`,
  );
  return rows.map((row) => row.post);
}

/** A post as `viewerId` sees it, or null. */
export async function loadPost(db: Executor, id: number, viewerId: number) {
  const [post] = await loadPosts(db, [id], viewerId);
  return post ?? null;
}
