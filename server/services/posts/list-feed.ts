import { sql } from 'drizzle-orm';
import { type Post } from '@shared/schema/posts';
import { type Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { AppError } from '../../lib/errors';
import { asJsonText, type JsonText } from '../../lib/json-text';
import { postJson } from './load-posts';
import { sqlInteger } from '../../db/sql-literals';

const CURSOR_MESSAGE = 'cursor is not valid';

type Position = { pinned: boolean; micros: string; id: number };

/** The cursor is the last post's place in the order: pinned flag, exact timestamp, id. */
function encodeCursor(position: Position): string {
  return Buffer.from(
    `${position.pinned ? 1 : 0}.${position.micros}.${position.id}`,
    'utf8',
  ).toString('base64url');
}

function decodeCursor(cursor: string): Position {
  const match = /^([01])\.(\d{1,20})\.(\d{1,10})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match)
    throw new AppError('VALIDATION', CURSOR_MESSAGE, { errors: { cursor: CURSOR_MESSAGE } });
  return { pinned: match[1] === '1', micros: match[2]!, id: Number(match[3]) };
}

// Each post as the JSON text Postgres built (sent as it is), with its place in the order.
type PageRow = {
  post: string;
  post_id: number;
  is_pinned: boolean;
  micros: string;
  has_more: boolean;
};

const cursorTime = sql`timestamptz 'epoch' + ${sql.placeholder('micros')}::bigint * interval '1 microsecond'`;

// Where the page starts: the top, after a pinned post (the rest of the pinned ones, then every
// other), or after an unpinned one. The last is spelled without a row comparison on is_pinned:
// Postgres estimates `(is_pinned, …) < (false, …)` by its first column as one row, so it planned
// each later page again instead of keeping the generic plan (see docs/performance.md).
const pageStart = {
  first: sql``,
  afterPinned: sql`where (is_pinned, created_at, id) < (true, ${cursorTime}, ${sql.placeholder('id')})`,
  afterUnpinned: sql`where not is_pinned and (created_at, id) < (${cursorTime}, ${sql.placeholder('id')})`,
};

// Built once per page size and kind of start.
const feedPage = preparedQuery<PageRow, `${keyof typeof pageStart}_${number}`>(
  'feed_page',
  (variant) => {
    const [from, size] = variant.split('_') as [keyof typeof pageStart, string];
    const limit = Number(size);
    return sql`with candidates as (
          select id, user_id, content, attachment_url, attachment_type, like_count, comment_count,
                 is_pinned, is_leaderboard_post, created_at
          from posts
          ${pageStart[from]}
          order by is_pinned desc, created_at desc, id desc
          limit ${sqlInteger(limit + 1)}
        ), page as (
          select * from candidates order by is_pinned desc, created_at desc, id desc limit ${sqlInteger(limit)}
        )
        select (${postJson(sql.placeholder('viewerId'))})::text as post, p.id as post_id, p.is_pinned,
          ((extract(epoch from p.created_at) * 1000000)::bigint)::text as micros,
          (select count(*) from candidates) > ${sqlInteger(limit)} as has_more
        from page p
        join users u on u.id = p.user_id
        order by p.is_pinned desc, p.created_at desc, p.id desc`;
  },
);

/** A page of the feed: its posts as JSON text, and the cursor of the page after it (if any). */
export type FeedPage = { items: JsonText<Post[]>; nextCursor: string | null; limit: number };

/**
 * The Pin Board, pinned posts first and then newest first, a page at a time. Keyset pagination
 * (the position after the cursor) keeps pages stable while people post. One statement: a range
 * of the feed index (one row more than the page, to know whether another page follows), then
 * each post of the page shaped by Postgres; the answer is its JSON text, sent as it is.
 * Unlike the marketplace's offers (rows shaped by presentOffer), a post is nested lists (its
 * newest comments with their authors, its mentions) that a row does not hold, and sending the
 * feed's text unparsed measured faster than serialising it in Node (server/lib/json-text.ts), so
 * its JSON stays built in SQL.
 */
export async function listFeed(
  db: Database,
  viewerId: number,
  { cursor, limit }: { cursor?: string | undefined; limit: number },
): Promise<FeedPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const start = after ? (after.pinned ? 'afterPinned' : 'afterUnpinned') : 'first';
  const rows = await feedPage(db, `${start}_${limit}`, {
    viewerId,
    ...(after && { micros: after.micros, id: after.id }),
  });
  const last = rows.at(-1);
  const nextCursor = last?.has_more
    ? encodeCursor({ pinned: last.is_pinned, micros: last.micros, id: Number(last.post_id) })
    : null;
  return {
    items: asJsonText<Post[]>(`[${rows.map((row) => row.post).join(',')}]`),
    nextCursor,
    limit,
  };
}
